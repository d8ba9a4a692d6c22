import { describe, expect, it } from 'vitest';
import {
  createdEventSchema,
  errorEventSchema,
  finalEventSchema,
  stepEventSchema,
  syncEventSchema,
} from './event-schemas.ts';
import { readStreamEvent } from './read-event.ts';
import { foldStepEvents } from './step-fold.ts';
import { stepEventJson } from './step-event-json.ts';
import { createdEvent, errorEvent, finalEvent } from './terminal-events.ts';

const message = (id: string, mine: boolean) => ({
  messageId: id,
  parentMessageId: 'p',
  conversationId: 'c',
  sender: mine ? 'User' : 'GPT',
  text: 'x',
  isCreatedByUser: mine,
  error: false,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ids = { responseMessageId: 'r', conversationId: 'c', requestMessageId: 'q' };

describe('stream event builders', () => {
  it('build events that parse as their kind and read back as that kind', () => {
    expect(
      createdEventSchema.safeParse(
        createdEvent({
          messageId: 'q',
          parentMessageId: 'p',
          conversationId: 'c',
          sender: 'User',
          text: 'hi',
          isCreatedByUser: true,
        }),
      ).success,
    ).toBe(true);
    const final = finalEvent({ requestMessage: message('q', true), responseMessage: message('r', false) });
    expect(finalEventSchema.safeParse(final).success).toBe(true);
    expect(readStreamEvent('message', JSON.stringify(final))?.kind).toBe('final');
    const error = errorEvent(ids, '{"type":"no_user_key"}');
    expect(errorEventSchema.safeParse(error).success).toBe(true);
    expect(error).toEqual({
      error: true,
      final: true,
      messageId: 'r',
      conversationId: 'c',
      parentMessageId: 'q',
      text: '{"type":"no_user_key"}',
    });
    expect(readStreamEvent('error', JSON.stringify(error))?.kind).toBe('error');
  });

  it('final: the title only when there is one, in the order clients know', () => {
    const withTitle = finalEvent({
      title: 'Trip',
      conversation: { conversationId: 'c', title: 'Trip' } as never,
      requestMessage: message('q', true),
      responseMessage: message('r', false),
    });
    expect(Object.keys(withTitle)).toEqual([
      'final',
      'title',
      'conversation',
      'requestMessage',
      'responseMessage',
    ]);
    const untitled = finalEvent({
      title: null,
      requestMessage: message('q', true),
      responseMessage: message('r', false),
    });
    expect(Object.keys(untitled)).toEqual(['final', 'requestMessage', 'responseMessage']);
  });
});

describe('pre-serialised step events', () => {
  const idJson = JSON.stringify('step_"1"');
  const tricky = JSON.stringify('a "quoted" \\ line\nbreak \u2028 🙂');
  const events = [
    stepEventJson.runStep(
      idJson,
      JSON.stringify('run'),
      0,
      0,
      'message_creation',
      '{"type":"message_creation"}',
    ),
    stepEventJson.runStep(
      idJson,
      JSON.stringify('run'),
      1,
      1,
      'tool_calls',
      JSON.stringify({
        type: 'tool_calls',
        tool_calls: [{ id: 'c1', name: 'f', args: '', type: 'tool_call' }],
      }),
    ),
    stepEventJson.messageDelta(idJson, tricky),
    stepEventJson.reasoningDelta(idJson, tricky),
    stepEventJson.runStepDelta(
      idJson,
      JSON.stringify({ type: 'tool_calls', tool_calls: [{ name: 'f', args: '{', index: 0 }] }),
    ),
  ];

  it('every template is valid JSON of its kind', () => {
    for (const json of events) {
      const parsed = stepEventSchema.safeParse(JSON.parse(json));
      expect(parsed.success, json).toBe(true);
      expect(readStreamEvent('message', json)?.kind).toBe('step');
    }
  });
});

describe('foldStepEvents', () => {
  it('builds parts from steps and deltas, replacing (never mutating) the parts it changes', () => {
    const fold = foldStepEvents({ responseMessageId: null, content: [], steps: {} }, [
      {
        event: 'on_run_step',
        data: { id: 's1', runId: 'r', index: 0, stepIndex: 0, type: 'message_creation' },
      },
      { event: 'on_message_delta', data: { id: 's1', delta: { content: [{ type: 'text', text: 'He' }] } } },
    ]);
    const before = fold.content[0];
    foldStepEvents(fold, [
      { event: 'on_message_delta', data: { id: 's1', delta: { content: [{ type: 'text', text: 'y' }] } } },
    ]);
    expect(before).toEqual({ type: 'text', text: 'He' });
    expect(fold.content).toEqual([{ type: 'text', text: 'Hey' }]);
    expect(fold.responseMessageId).toBe('r');
  });

  it('a tool step owns its part; argument deltas append; completion replaces it', () => {
    const fold = foldStepEvents({ responseMessageId: null, content: [], steps: {} }, [
      {
        event: 'on_run_step',
        data: {
          id: 't',
          runId: 'r',
          index: 0,
          stepIndex: 0,
          type: 'tool_calls',
          stepDetails: {
            type: 'tool_calls',
            tool_calls: [{ id: 'c1', name: 'f', args: '', type: 'tool_call' }],
          },
        },
      },
      {
        event: 'on_run_step_delta',
        data: { id: 't', delta: { type: 'tool_calls', tool_calls: [{ args: '{}' }] } },
      },
    ]);
    expect(fold.content[0]).toEqual({
      type: 'tool_call',
      tool_call: { id: 'c1', name: 'f', args: '{}', type: 'tool_call', progress: 0.1 },
    });
    foldStepEvents(fold, [
      {
        event: 'on_run_step_completed',
        data: {
          result: {
            id: 't',
            index: 0,
            tool_call: { id: 'c1', name: 'f', args: '{}', output: 'ok', type: 'tool_call' },
          },
        },
      },
    ]);
    expect((fold.content[0]!.tool_call as { output: string }).output).toBe('ok');
  });

  it('skips deltas of unknown steps and malformed events', () => {
    const fold = foldStepEvents({ responseMessageId: null, content: [], steps: {} }, [
      { event: 'on_message_delta', data: { id: 'nope', delta: { content: [{ type: 'text', text: 'x' }] } } },
      { event: 'on_run_step', data: null },
      { event: 'on_agent_update', data: {} },
    ]);
    expect(fold.content).toEqual([]);
  });
});

describe('sync event', () => {
  it('carries the run steps the server sends', () => {
    const sync = {
      sync: true,
      resumeState: {
        responseMessageId: 'r',
        content: [{ type: 'text', text: 'so far' }],
        requestMessage: {
          messageId: 'q',
          parentMessageId: 'p',
          conversationId: 'c',
          sender: 'User',
          text: 'hi',
          isCreatedByUser: true,
        },
        runSteps: [
          {
            id: 's1',
            runId: 'r',
            index: 0,
            stepIndex: 0,
            type: 'message_creation',
            stepDetails: { type: 'message_creation' },
          },
        ],
      },
    };
    expect(syncEventSchema.safeParse(sync).success).toBe(true);
    expect(readStreamEvent('message', JSON.stringify(sync))?.kind).toBe('sync');
  });
});
