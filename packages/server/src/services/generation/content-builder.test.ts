import { describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../providers/provider.ts';
import { ContentBuilder } from './content-builder.ts';
import { decodeEntry, encodeEntry } from './job-entry.ts';
import { buildResumeState } from './resume-state.ts';

const run = (builder: ContentBuilder, events: ProviderEvent[]) =>
  events.flatMap((e) => builder.apply(e)).map((json) => JSON.parse(json));

describe('ContentBuilder', () => {
  it('opens a message step, then streams text deltas into part 0', () => {
    const builder = new ContentBuilder('run-1');
    const events = run(builder, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo "you"\n' },
    ]);
    expect(events).toEqual([
      {
        event: 'on_run_step',
        data: {
          id: 'step_1',
          runId: 'run-1',
          index: 0,
          stepIndex: 0,
          type: 'message_creation',
          stepDetails: { type: 'message_creation' },
        },
      },
      {
        event: 'on_message_delta',
        data: { id: 'step_1', delta: { content: [{ type: 'text', text: 'Hel' }] } },
      },
      {
        event: 'on_message_delta',
        data: { id: 'step_1', delta: { content: [{ type: 'text', text: 'lo "you"\n' }] } },
      },
    ]);
    expect(builder.parts).toEqual([{ type: 'text', text: 'Hello "you"\n' }]);
    expect(builder.text()).toBe('Hello "you"\n');
  });

  it('reasoning becomes a think part with on_reasoning_delta; text after it a new part', () => {
    const builder = new ContentBuilder('r', [], () => 0);
    const events = run(builder, [
      { type: 'reasoning', text: 'hmm' },
      { type: 'text', text: 'answer' },
    ]);
    expect(events.map((e) => e.event)).toEqual([
      'on_run_step',
      'on_reasoning_delta',
      'on_run_step',
      'on_message_delta',
    ]);
    expect(events[1].data.delta.content).toEqual([{ type: 'think', think: 'hmm' }]);
    expect(events[2].data).toMatchObject({ id: 'step_2', index: 1, stepIndex: 1 });
    expect(builder.parts).toEqual([
      { type: 'think', think: 'hmm', thinkingMs: 0 },
      { type: 'text', text: 'answer' },
    ]);
    expect(builder.text()).toBe('answer');
  });

  it('tool calls: a tool step, argument deltas, the complete arguments', () => {
    const builder = new ContentBuilder('r');
    const events = run(builder, [
      { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', id: 'call_1', args: '{"loc' },
      { type: 'tool-call-delta', id: 'call_1', args: '":"Rome"}' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: '{"loc":"Rome"}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(events[0].data).toMatchObject({
      type: 'tool_calls',
      stepDetails: { type: 'tool_calls', tool_calls: [{ id: 'call_1', name: 'get_weather', args: '' }] },
    });
    expect(events[1]).toEqual({
      event: 'on_run_step_delta',
      data: {
        id: 'step_1',
        delta: { type: 'tool_calls', tool_calls: [{ name: 'get_weather', args: '{"loc', index: 0 }] },
      },
    });
    expect(events).toHaveLength(3);
    expect(builder.parts[0]).toMatchObject({
      type: 'tool_call',
      tool_call: { id: 'call_1', args: '{"loc":"Rome"}' },
    });
  });

  it('tool progress: the part keeps the latest share and message; a late report is dropped', () => {
    const builder = new ContentBuilder('run-1');
    builder.apply({ type: 'tool-call', id: 'c1', name: 'slow_mcp_local', args: '{}' });
    const [delta] = builder
      .apply({ type: 'tool-progress', id: 'c1', progress: 0.5, message: 'step 1 of 2' })
      .map((json) => JSON.parse(json));
    expect(delta).toEqual({
      event: 'on_run_step_delta',
      data: {
        id: 'step_1',
        delta: {
          type: 'tool_calls',
          tool_calls: [{ name: 'slow_mcp_local', args: '', index: 0 }],
          progress: 0.5,
          progress_message: 'step 1 of 2',
        },
      },
    });
    builder.apply({ type: 'tool-progress', id: 'c1', message: 'step 2 of 2' });
    expect(builder.parts[0]!.tool_call).toMatchObject({ progress: 0.5, progress_message: 'step 2 of 2' });
    builder.apply({ type: 'tool-result', id: 'c1', output: 'done' });
    expect(builder.apply({ type: 'tool-progress', id: 'c1', progress: 0.9 })).toEqual([]);
    expect(builder.apply({ type: 'tool-progress', id: 'unknown', progress: 0.9 })).toEqual([]);
    expect(builder.parts[0]!.tool_call).toEqual({
      id: 'c1',
      name: 'slow_mcp_local',
      args: '{}',
      output: 'done',
      progress: 1,
      type: 'tool_call',
    });
  });

  it('continue: new text extends the last text part of the answer', () => {
    const builder = new ContentBuilder('r', [{ type: 'text', text: 'Once upon' }]);
    const events = run(builder, [{ type: 'text', text: ' a time' }]);
    expect(events[0].data).toMatchObject({ id: 'step_2', index: 0 });
    expect(builder.parts).toEqual([{ type: 'text', text: 'Once upon a time' }]);
  });

  it('the resume state rebuilt from the events equals the parts built live', () => {
    const initial = [{ type: 'text', text: 'Start. ' }];
    const builder = new ContentBuilder('resp', initial);
    const init = { responseMessageId: 'resp', requestMessage: { messageId: 'u' }, content: initial };
    const entries = [encodeEntry('i', 0, JSON.stringify(init))];
    const events: ProviderEvent[] = [
      { type: 'text', text: 'More.' },
      { type: 'reasoning', text: 'think' },
      { type: 'tool-call-start', id: 'c', name: 't' },
      { type: 'tool-call-delta', id: 'c', args: '{}' },
      { type: 'text', text: 'End.' },
    ];
    for (const json of events.flatMap((e) => builder.apply(e)))
      entries.push(encodeEntry('m', entries.length, json));
    const state = buildResumeState(entries.map((e) => decodeEntry(e)!));
    // How long the reasoning took is kept on the saved part only (no event carries it).
    const live = builder.parts.map(({ thinkingMs: _ms, ...part }) => part);
    expect(state!.content).toEqual(live);
    expect(state!.runSteps.map((s) => s.id)).toEqual(['step_2', 'step_3', 'step_4', 'step_5']);
  });

  it('keeps how long the reasoning took, from its first delta to the next event of another kind', () => {
    let now = 1_000;
    const builder = new ContentBuilder('r', [], () => now);
    builder.apply({ type: 'reasoning', text: 'Let me ' });
    now = 2_500;
    builder.apply({ type: 'reasoning', text: 'think.' });
    now = 4_250;
    builder.apply({ type: 'text', text: 'Answer.' });
    now = 9_000;
    builder.apply({ type: 'finish', reason: 'stop' });
    expect(builder.parts).toEqual([
      { type: 'think', think: 'Let me think.', thinkingMs: 3_250 },
      { type: 'text', text: 'Answer.' },
    ]);
  });

  it('times each reasoning of an answer on its own, and one ended by the finish or a tool call', () => {
    let now = 0;
    const builder = new ContentBuilder('r', [], () => now);
    builder.apply({ type: 'reasoning', text: 'First.' });
    now = 700;
    builder.apply({ type: 'tool-call-start', id: 'c', name: 't' });
    now = 1_000;
    builder.apply({ type: 'reasoning', text: 'Second.' });
    now = 1_400;
    builder.apply({ type: 'finish', reason: 'stop' });
    const thinks = builder.parts.filter((p) => p.type === 'think');
    expect(thinks.map((p) => p.thinkingMs)).toEqual([700, 400]);
  });

  it('leaves a reasoning still being written untimed, and never times text', () => {
    const builder = new ContentBuilder('r', [], () => 5);
    builder.apply({ type: 'text', text: 'Hi.' });
    builder.apply({ type: 'reasoning', text: 'Hmm.' });
    expect(builder.parts).toEqual([
      { type: 'text', text: 'Hi.' },
      { type: 'think', think: 'Hmm.' },
    ]);
  });
});
