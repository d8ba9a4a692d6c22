import type { Message } from '@parley/schema';
import { useEffect } from 'react';
import { chatApi } from '../../api/chat-api';
import { chatCacheWriter } from './chat-cache-writer';
import { setMessages } from './message-cache';

/** Answers whose memory step this page already waits for: one wait each, however often it renders. */
const waiting = new Set<string>();

/**
 * A page loaded while the memory step after the newest answer still runs (the server marks that
 * answer `memoryPending`) never saw the final stream event that asks for the notice, so it waits
 * for the step here, the same call a finished stream makes, and shows the notice when it returns.
 */
export function usePendingMemoryNotice(conversationId: string, messages: readonly Message[]): void {
  const pendingId = messages.find((m) => m.memoryPending === true && !m.isCreatedByUser)?.messageId;
  useEffect(() => {
    if (!pendingId || waiting.has(pendingId)) return;
    waiting.add(pendingId);
    void awaitMemoryNotice(conversationId, pendingId).finally(() => waiting.delete(pendingId));
  }, [conversationId, pendingId]);
}

async function awaitMemoryNotice(conversationId: string, messageId: string): Promise<void> {
  try {
    const { attachments } = await chatApi.memoryUpdates(conversationId, messageId);
    if (attachments.length > 0) chatCacheWriter.applyMemoryUpdates(conversationId, messageId, attachments);
  } catch {
    // The notice is a courtesy: the changes (if any) show with the saved messages next time.
  } finally {
    // Waited once: a step still running after the wait is not waited for again on this page.
    setMessages(conversationId, (list) =>
      list.map((m) => {
        if (m.messageId !== messageId) return m;
        const { memoryPending: _done, ...rest } = m;
        return rest;
      }),
    );
  }
}
