import type { Message } from '@parley/schema';

/**
 * The error answers a regenerated answer replaces: earlier answers to the same question that are
 * errors and that nothing was asked under. The server deletes the same ones when it saves the new
 * answer (chat-exchange.ts, errorAnswersTo); this tab drops them from its cache at that moment, so
 * a failed send and its retry show as one answer instead of "1 / 2" and "2 / 2" of one error.
 */
export function replacedErrorAnswers(messages: Message[], questionId: string, newAnswerId: string): string[] {
  const parents = new Set(messages.map((m) => m.parentMessageId).filter(Boolean));
  return messages
    .filter(
      (m) =>
        m.parentMessageId === questionId &&
        m.messageId !== newAnswerId &&
        !m.isCreatedByUser &&
        m.error === true &&
        !parents.has(m.messageId),
    )
    .map((m) => m.messageId);
}
