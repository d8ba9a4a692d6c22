import { describe, expect, it } from 'vitest';
import { answerFromResume, applySteps, EMPTY_ANSWER, plainText } from './stream-reducer';

const runStep = (id: string, index: number, type = 'message_creation') => ({
  event: 'on_run_step',
  data: { id, runId: 'resp-1', index, stepIndex: index, type, stepDetails: { type } },
});
const text = (id: string, t: string) => ({
  event: 'on_message_delta',
  data: { id, delta: { content: [{ type: 'text', text: t }] } },
});
const think = (id: string, t: string) => ({
  event: 'on_reasoning_delta',
  data: { id, delta: { content: [{ type: 'think', think: t }] } },
});

describe('applySteps', () => {
  it('builds think and text parts from deltas in one batch', () => {
    const answer = applySteps(EMPTY_ANSWER, [
      runStep('s0', 0),
      think('s0', 'Hmm'),
      think('s0', '…'),
      runStep('s1', 1),
      text('s1', 'Hel'),
      text('s1', 'lo'),
    ]);
    expect(answer.responseMessageId).toBe('resp-1');
    expect(answer.content).toEqual([
      { type: 'think', think: 'Hmm…' },
      { type: 'text', text: 'Hello' },
    ]);
    expect(plainText(answer.content)).toBe('Hello');
  });

  it('never mutates the previous state (rendered frames stay consistent)', () => {
    const first = applySteps(EMPTY_ANSWER, [runStep('s1', 0), text('s1', 'a')]);
    const snapshot = JSON.stringify(first);
    const second = applySteps(first, [text('s1', 'b')]);
    expect(JSON.stringify(first)).toBe(snapshot);
    expect(second.content[0]).toEqual({ type: 'text', text: 'ab' });
  });

  it('returns the same object for an empty batch', () => {
    expect(applySteps(EMPTY_ANSWER, [])).toBe(EMPTY_ANSWER);
  });

  it('ignores deltas of unknown steps and unknown events', () => {
    const answer = applySteps(EMPTY_ANSWER, [text('nope', 'x'), { event: 'on_agent_update', data: {} }]);
    expect(answer.content).toEqual([]);
  });

  it('assembles tool calls and their completion', () => {
    const answer = applySteps(EMPTY_ANSWER, [
      {
        event: 'on_run_step',
        data: {
          id: 't1',
          runId: 'r',
          index: 0,
          type: 'tool_calls',
          stepDetails: { type: 'tool_calls', tool_calls: [{ id: 'call_1', name: 'get_weather', args: '' }] },
        },
      },
      {
        event: 'on_run_step_delta',
        data: { id: 't1', delta: { type: 'tool_calls', tool_calls: [{ args: '{"a"' }] } },
      },
      {
        event: 'on_run_step_delta',
        data: { id: 't1', delta: { type: 'tool_calls', tool_calls: [{ args: ':1}' }] } },
      },
    ]);
    expect((answer.content[0]!.tool_call as { args: string }).args).toBe('{"a":1}');
    const done = applySteps(answer, [
      {
        event: 'on_run_step_completed',
        data: {
          result: {
            index: 0,
            tool_call: { id: 'call_1', name: 'get_weather', args: '{"a":1}', output: 'sunny', progress: 1 },
          },
        },
      },
    ]);
    expect(done.content[0]!.tool_call).toMatchObject({ output: 'sunny', progress: 1 });
  });

  it('continues a resumed answer with the run steps the server sent', () => {
    const resumed = answerFromResume('r', [{ type: 'text', text: 'So far' }], [{ id: 's1', index: 0 }]);
    const next = applySteps(resumed, [text('s1', ' and more')]);
    expect(next.content[0]).toEqual({ type: 'text', text: 'So far and more' });
  });
});
