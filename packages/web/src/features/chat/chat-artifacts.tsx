import type { ArtifactEditResult, Message } from '@parley/schema';
import { useCallback, useEffect, useMemo } from 'react';
import { api } from '../../api/client';
import { ArtifactsHost, useArtifacts, type ArtifactEntry } from '../artifacts';
import { ARTIFACTS_WITH_SIDEBAR_MIN_WIDTH, MOBILE_MEDIA } from '../../lib/breakpoints';
import { useNav } from '../../store/nav-store';
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

  useCollapseSidebarForPanel();

  return (
    <ArtifactsHost
      conversationId={conversationId}
      messages={messages}
      streaming={Boolean(generation)}
      onSave={save}
    />
  );
}

/**
 * When the artifacts panel opens on a screen narrower than ARTIFACTS_WITH_SIDEBAR_MIN_WIDTH, the
 * sidebar collapses so the chat keeps its width. Not saved as the person's choice: the next load
 * opens the sidebar as they left it. Phones are left alone (their sidebar is an overlay).
 */
function useCollapseSidebarForPanel() {
  useEffect(
    () =>
      useArtifacts.subscribe((state, previous) => {
        if (!state.open || previous.open) return;
        if (window.innerWidth >= ARTIFACTS_WITH_SIDEBAR_MIN_WIDTH || window.matchMedia(MOBILE_MEDIA).matches)
          return;
        if (useNav.getState().navVisible) useNav.setState({ navVisible: false });
      }),
    [],
  );
}
