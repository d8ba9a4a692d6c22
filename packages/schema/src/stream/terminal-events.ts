import type { Conversation, Message } from '../conversation.ts';
import type { CreatedEvent, ErrorEvent, FinalEvent } from './events.ts';

/** The ids an error event names: the answer, its conversation and the message it replies to. */
export interface AnswerIds {
  responseMessageId: string;
  conversationId: string;
  requestMessageId: string;
}

/** `created`: the user message as saved, with its real ids. */
export function createdEvent(message: CreatedEvent['message']): CreatedEvent {
  return { created: true, message };
}

/** `final`: the saved answer, the message it replies to and (usually) the conversation. */
export function finalEvent(saved: {
  title?: string | null;
  conversation?: Conversation;
  requestMessage: Message;
  responseMessage: Message;
  memoryPending?: boolean;
  runMessages?: Message[];
}): FinalEvent {
  return {
    final: true,
    ...(saved.title ? { title: saved.title } : {}),
    ...(saved.conversation ? { conversation: saved.conversation } : {}),
    requestMessage: saved.requestMessage,
    responseMessage: saved.responseMessage,
    ...(saved.memoryPending ? { memoryPending: true as const } : {}),
    ...(saved.runMessages ? { runMessages: saved.runMessages } : {}),
  };
}

/** `error`: the stream failed; `text` is a message or a JSON string such as `{"type":"…"}`. */
export function errorEvent(ids: AnswerIds, text: string): ErrorEvent {
  return {
    error: true,
    final: true,
    messageId: ids.responseMessageId,
    conversationId: ids.conversationId,
    parentMessageId: ids.requestMessageId,
    text,
  };
}
