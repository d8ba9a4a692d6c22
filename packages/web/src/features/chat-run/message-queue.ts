import { create } from 'zustand';
import { randomUuid } from '../../lib/random-uuid';

/** A message typed while its conversation was answering, sent once that answer ends. */
export interface QueuedMessage {
  id: string;
  text: string;
}

interface MessageQueueState {
  /** Per conversation, oldest first. This tab's own: a queue is not shared between tabs. */
  queued: Record<string, QueuedMessage[]>;
}

/**
 * The web app's queue of messages sent while an answer streams (in this tab or in another tab of
 * this browser). The server takes one message at a time per conversation (a second is refused
 * with 429 `concurrent`, which counts towards a ban), so nothing here is sent before the answer
 * has ended: the chat view sends the oldest once the conversation is free (see useQueueSender).
 */
export const useMessageQueue = create<MessageQueueState>(() => ({ queued: {} }));

const NONE: QueuedMessage[] = [];

export function useQueuedMessages(conversationId: string): QueuedMessage[] {
  return useMessageQueue((s) => s.queued[conversationId] ?? NONE);
}

export function queueMessage(conversationId: string, text: string): QueuedMessage {
  const message = { id: randomUuid(), text };
  setQueue(conversationId, [...queueOf(conversationId), message]);
  return message;
}

/** Takes a queued message out (cancelled, or taken back into the box to edit); answers it. */
export function unqueueMessage(conversationId: string, id: string): QueuedMessage | undefined {
  const queue = queueOf(conversationId);
  const message = queue.find((m) => m.id === id);
  if (message)
    setQueue(
      conversationId,
      queue.filter((m) => m.id !== id),
    );
  return message;
}

/** The oldest queued message, taken out to be sent. */
export function takeQueuedMessage(conversationId: string): QueuedMessage | undefined {
  const [first] = queueOf(conversationId);
  return first ? unqueueMessage(conversationId, first.id) : undefined;
}

function queueOf(conversationId: string): QueuedMessage[] {
  return useMessageQueue.getState().queued[conversationId] ?? NONE;
}

function setQueue(conversationId: string, queue: QueuedMessage[]): void {
  const { [conversationId]: _old, ...rest } = useMessageQueue.getState().queued;
  useMessageQueue.setState({ queued: queue.length ? { ...rest, [conversationId]: queue } : rest });
}
