import type { Message } from '@parley/schema';
import type { ChatSetup } from '../endpoints';
import { cachedMessages, upsertMessages } from './message-cache';
import { sendMessage } from './run-registry';

/**
 * An answer that failed before the server saved it (no connection, or a refused request) is only
 * in this tab. Trying again sends the user's message anew, under its id, when the server never
 * confirmed it, or asks for a new answer to it when it did; the failed rows make way for the new
 * exchange.
 * Answers whether the exchange started (not while offline, so the failure stays in view).
 */
export function resendFailed(
  conversationId: string,
  answer: Message,
  setup: ChatSetup,
  senderLabel: string,
): boolean {
  if (!navigator.onLine) return false;
  const user = cachedMessages(conversationId).find((m) => m.messageId === answer.parentMessageId);
  if (!user) return false;
  const unsent = user.clientOnly === true;
  const sent = sendMessage(
    unsent
      ? {
          conversationId,
          kind: 'new',
          // The same id: when the server saved the message after all (the stream broke before
          // it said so), it answers that message instead of saving a second copy.
          messageId: user.messageId,
          text: user.text,
          parentMessageId: user.parentMessageId,
          setup,
          senderLabel,
          files: user.files ?? undefined,
        }
      : { conversationId, kind: 'regenerate', text: '', parentMessageId: user.messageId, setup, senderLabel },
  );
  if (sent)
    upsertMessages(conversationId, [], unsent ? [user.messageId, answer.messageId] : [answer.messageId]);
  return sent;
}

/** An error answer the server never saved: it can only be tried again from this tab. */
export function isUnsentFailure(message: Message): boolean {
  return message.error && message.clientOnly === true && !message.isCreatedByUser;
}
