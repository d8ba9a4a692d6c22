import type { Message } from '@parley/schema';

/** Two answers to one user message, asked of two models at once (multi-conversation). */
export interface AnswerPair {
  /** The conversation's own model's answer. */
  first: Message;
  /** The second model's answer, which names the first in `pairedAnswerId`. */
  second: Message;
}

/**
 * The answer pairs of a conversation, found under either answer's id. A second answer pairs only
 * with an answer to the same user message, so a stale or foreign `pairedAnswerId` pairs nothing.
 */
export function answerPairs(messages: readonly Message[]): Map<string, AnswerPair> {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const pairs = new Map<string, AnswerPair>();
  for (const second of messages) {
    const firstId = second.pairedAnswerId;
    if (typeof firstId !== 'string' || second.isCreatedByUser) continue;
    const first = byId.get(firstId);
    if (!first || first.isCreatedByUser || first.parentMessageId !== second.parentMessageId) continue;
    const pair = { first, second };
    pairs.set(first.messageId, pair);
    pairs.set(second.messageId, pair);
  }
  return pairs;
}
