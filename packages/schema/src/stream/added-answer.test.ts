import { describe, expect, it } from 'vitest';
import { isAddedAnswerEvent, markAddedAnswer } from './added-answer.ts';

describe('second answer events', () => {
  it('marks an event without changing its fields', () => {
    const event = { event: 'on_message_delta', data: { id: 'step_1', delta: { content: [] } } };
    const marked = JSON.parse(markAddedAnswer(JSON.stringify(event))) as Record<string, unknown>;
    expect(isAddedAnswerEvent(marked)).toBe(true);
    expect({ ...marked, added: undefined }).toEqual({ ...event, added: undefined });
  });

  it('marks an empty object and refuses what is not one', () => {
    expect(JSON.parse(markAddedAnswer('{}'))).toEqual({ added: true });
    expect(() => markAddedAnswer('[1]')).toThrow();
  });

  it('leaves unmarked events and non-objects alone', () => {
    expect(isAddedAnswerEvent({ final: true })).toBe(false);
    expect(isAddedAnswerEvent({ added: 'true' })).toBe(false);
    expect(isAddedAnswerEvent(null)).toBe(false);
  });
});
