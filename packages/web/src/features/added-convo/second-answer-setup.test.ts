import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { secondAnswerSetup } from './second-answer-setup';

const answer = (fields: Partial<Message>): Message => ({
  messageId: 'a2',
  parentMessageId: 'u1',
  conversationId: 'c1',
  sender: 'slow',
  text: 'hi',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  pairedAnswerId: 'a1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('secondAnswerSetup', () => {
  it("uses the stored second model, with its parameters, while it is the answer's model", () => {
    const stored = { endpoint: 'Sim', model: 'slow', temperature: 0.3 };
    expect(secondAnswerSetup(answer({ endpoint: 'Sim', model: 'slow' }), stored)).toBe(stored);
  });

  it("falls back to the answer's own endpoint and model when the second model changed since", () => {
    const stored = { endpoint: 'Sim', model: 'echo' };
    expect(secondAnswerSetup(answer({ endpoint: 'Sim', model: 'slow' }), stored)).toEqual({
      endpoint: 'Sim',
      model: 'slow',
    });
    expect(secondAnswerSetup(answer({ endpoint: 'Sim', model: 'slow' }), null)).toEqual({
      endpoint: 'Sim',
      model: 'slow',
    });
  });

  it("an agent's answer needs the stored agent setup", () => {
    const stored = { endpoint: 'agents', model: '', agent_id: 'agent_1' };
    expect(secondAnswerSetup(answer({ endpoint: 'agents', model: 'echo' }), stored)).toBe(stored);
    expect(secondAnswerSetup(answer({ endpoint: 'agents', model: 'echo' }), null)).toBeNull();
  });

  it('gives nothing for an answer without an endpoint', () => {
    expect(secondAnswerSetup(answer({}), null)).toBeNull();
  });
});
