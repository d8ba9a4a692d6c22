import type { Message } from '@parley/schema';
import { queryClient } from '../../api/query-client';
import { chatKeys } from '../../api/chat-api';

/** Helpers over the messages query cache (one flat list per conversation). */
export function cachedMessages(conversationId: string): Message[] {
  return queryClient.getQueryData<Message[]>(chatKeys.messages(conversationId)) ?? [];
}

export function setMessages(conversationId: string, update: (list: Message[]) => Message[]): void {
  queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), (list) => update(list ?? []));
}

/** Replaces messages by id (or appends them), dropping the ids listed in `remove`. */
export function upsertMessages(conversationId: string, messages: Message[], remove: string[] = []): void {
  const incoming = new Map(messages.map((m) => [m.messageId, m]));
  setMessages(conversationId, (list) => {
    const kept = list
      .filter((m) => !remove.includes(m.messageId))
      .map((m) => {
        const next = incoming.get(m.messageId);
        if (!next) return m;
        incoming.delete(m.messageId);
        return next;
      });
    return [...kept, ...incoming.values()];
  });
}

export function patchMessage(conversationId: string, messageId: string, patch: Partial<Message>): void {
  setMessages(conversationId, (list) =>
    list.map((m) => (m.messageId === messageId ? { ...m, ...patch } : m)),
  );
}
