import { useEffect, useState } from 'react';
import type { ArtifactEntry } from './collect-artifacts';
import { ARTIFACT_UPDATE_DEBOUNCE_MS } from './timings';

/**
 * The conversation's artifacts as the panel sees them: a change reaches it once the list has
 * stayed unchanged for ARTIFACT_UPDATE_DEBOUNCE_MS. Another conversation's list is taken at once,
 * so the panel never counts one conversation's artifacts as new arrivals in the next.
 */
export function useSettledArtifacts(conversationId: string, artifacts: ArtifactEntry[]): ArtifactEntry[] {
  const [settled, setSettled] = useState({ conversationId, artifacts });
  const sameConversation = settled.conversationId === conversationId;
  useEffect(() => {
    if (!sameConversation) return;
    const timer = window.setTimeout(
      () => setSettled({ conversationId, artifacts }),
      ARTIFACT_UPDATE_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [conversationId, artifacts, sameConversation]);
  if (!sameConversation) {
    // React's pattern for state that follows a prop: replace it while rendering.
    setSettled({ conversationId, artifacts });
    return artifacts;
  }
  return settled.artifacts;
}
