import type { ArtifactEditResult, Message } from '@parley/schema';
import { useCallback, useMemo } from 'react';
import { api } from '../../api/client';
import { ArtifactsHost, type ArtifactEntry } from '../artifacts';
import type { VisibleMessage } from '../messages';
import { cachedMessages, liveMessage, patchMessage, useLive } from '../chat-run';

/**
 * The conversation's artifacts panel, fed with the visible branch (the streaming answer as it
 * grows). A component of its own so the stream re-renders only it, not the chat view.
 */
export function ChatArtifacts({
  conversationId,
  path,
}: {
  conversationId: string;
  path: readonly VisibleMessage[];
}) {
  const generation = useLive((s) => s.generations[conversationId]);
  const messages = useMemo<Message[]>(
    () =>
      path.map((p) =>
        generation && p.message.messageId === generation.placeholderId
          ? liveMessage(p.message, generation.answer)
          : p.message,
      ),
    [path, generation],
  );

  const save = useCallback(
    async (artifact: ArtifactEntry, updated: string) => {
      const result = await api<ArtifactEditResult>(
        `/api/messages/artifact/${encodeURIComponent(artifact.messageId)}`,
        {
          method: 'POST',
          json: { index: artifact.index, messageId: artifact.messageId, original: artifact.content, updated },
        },
      );
      const patch = { text: result.text, content: (result.content ?? undefined) as Message['content'] };
      // A chat the server has just named may still be cached as the new chat.
      const cached = cachedMessages(conversationId).some((m) => m.messageId === artifact.messageId);
      if (!cached) console.warn('Artifact edit: message not in this conversation cache, trying the new chat');
      patchMessage(cached ? conversationId : 'new', artifact.messageId, patch);
    },
    [conversationId],
  );

  return (
    <ArtifactsHost
      conversationId={conversationId}
      messages={messages}
      streaming={Boolean(generation)}
      onSave={save}
    />
  );
}
