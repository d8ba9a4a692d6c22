import { foldStepEvents, stepEventSchema, type StepEvent } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { AnswerEvent } from './answer-event.ts';
import { ContentBuilder } from './content-builder.ts';

/**
 * The builder writes step events as string templates (the per-token hot path); this holds them
 * to the stream contract: every event it emits parses against the schema of its kind, and folding
 * the events gives back exactly the parts the builder holds.
 */
describe('ContentBuilder against the stream contract', () => {
  const awkward = 'quote " backslash \\ newline \n tab \t unicode é 🙂 \u2028 </script>';
  const providerEvents: AnswerEvent[] = [
    { type: 'reasoning', text: 'thinking ' },
    { type: 'reasoning', text: awkward },
    { type: 'text', text: 'Hel' },
    { type: 'text', text: awkward },
    { type: 'tool-call-start', id: 'call_"1"', name: 'get_weather' },
    { type: 'tool-call-delta', id: 'call_"1"', args: '{"city":' },
    { type: 'tool-call-delta', id: 'call_"1"', args: '"Zürich"}' },
    { type: 'tool-progress', id: 'call_"1"', progress: 0.5, message: awkward },
    { type: 'tool-progress', id: 'call_"1"', message: 'still going' },
    { type: 'tool-auth', id: 'call_"1"', auth: 'plugin:get_weather', expiresAt: 1_700_000_000_000 },
    { type: 'tool-call', id: 'call_2', name: 'lookup', args: '{}' },
    {
      type: 'tool-result',
      id: 'call_2',
      output: awkward,
      images: [
        {
          file_id: 'f1',
          user: 'u1',
          filename: 'image-1.png',
          filepath: '/api/files/download/u1/f1',
          type: 'image/png',
          bytes: 10,
          width: 1024,
          height: 1536,
          source: 'local',
          embedded: false,
          context: 'message_attachment',
          usage: 0,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
    // A report that arrives after its call ended changes nothing.
    { type: 'tool-progress', id: 'call_2', progress: 0.9 },
    { type: 'tool-result', id: 'call_"1"', output: 'Error processing tool get_weather: no key' },
    { type: 'agent-update', agentId: 'agent_"x"' },
    { type: 'text', text: 'after the tools' },
  ];

  it('emits only events that parse as their kind, covering every kind it writes', () => {
    const builder = new ContentBuilder('run-"1"');
    const kinds = new Set<string>();
    for (const json of providerEvents.flatMap((e) => builder.apply(e))) {
      const parsed = stepEventSchema.safeParse(JSON.parse(json));
      expect(parsed.success, `${json}\n${parsed.error?.message ?? ''}`).toBe(true);
      kinds.add((JSON.parse(json) as StepEvent).event);
    }
    expect([...kinds].sort()).toEqual([
      'on_agent_update',
      'on_content_part',
      'on_message_delta',
      'on_reasoning_delta',
      'on_run_step',
      'on_run_step_completed',
      'on_run_step_delta',
    ]);
  });

  it('folds back into the parts the builder holds', () => {
    const builder = new ContentBuilder('run-1');
    const events = providerEvents.flatMap((e) => builder.apply(e)).map((json) => JSON.parse(json));
    const fold = foldStepEvents({ responseMessageId: null, content: [], steps: {} }, events);
    // A complete tool call (no deltas) gets its arguments to the stream with its result. How long
    // the reasoning took is not streamed: the saved answer carries it (the client times it live).
    expect(builder.parts[0]).toHaveProperty('thinkingMs');
    const streamed = builder.parts.map(({ thinkingMs: _ms, ...part }) => part);
    expect(fold.content).toEqual(streamed);
    expect(builder.parts.map((p) => p.type)).toEqual([
      'think',
      'text',
      'tool_call',
      'tool_call',
      'image_file',
      'agent_update',
      'text',
    ]);
    expect(fold.responseMessageId).toBe('run-1');
  });

  it('continues an answer: the first text delta extends the last text part', () => {
    const initial = [{ type: 'text', text: 'Once upon' }];
    const builder = new ContentBuilder('run-1', initial);
    const events = [{ type: 'text', text: ' a time' } as const].flatMap((e) => builder.apply(e));
    for (const json of events) expect(stepEventSchema.safeParse(JSON.parse(json)).success).toBe(true);
    const fold = foldStepEvents(
      { responseMessageId: 'run-1', content: initial.map((p) => ({ ...p })), steps: {} },
      events.map((json) => JSON.parse(json)),
    );
    expect(fold.content).toEqual(builder.parts);
  });
});
