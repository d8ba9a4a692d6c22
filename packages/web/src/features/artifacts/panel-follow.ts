/** What the panel store knows when the conversation's list of artifacts changes. */
export interface FollowState {
  /** How many artifacts the panel last saw; null before the conversation's first list. */
  knownCount: number | null;
  /** The panel opened (or will open) on the code tab while its block was arriving. */
  awaitingBlockEnd: boolean;
}

/** What to do about a changed list: the new state, and whether to open soon or show the preview. */
export interface FollowStep {
  state: FollowState;
  openSoon: boolean;
  showPreview: boolean;
}

/**
 * How the panel follows a conversation's artifacts. Artifacts there when it opened leave the
 * panel alone; a new one opens it soon (on the code tab while its block is still arriving); the
 * block it waited for, once complete, turns the panel to its preview. That completion can come in
 * the same update as a longer list (the view mounts afresh for the chat the server just named,
 * and its list may be short for a moment), so it is checked on every update, not only on one
 * whose length is unchanged.
 */
export function followArtifacts(
  prev: FollowState,
  count: number,
  newestComplete: boolean | undefined,
): FollowStep {
  if (prev.knownCount === null || count < prev.knownCount)
    return { state: { ...prev, knownCount: count }, openSoon: false, showPreview: false };
  if (newestComplete === undefined) return { state: prev, openSoon: false, showPreview: false };
  const grew = count > prev.knownCount;
  const done = prev.awaitingBlockEnd && newestComplete;
  return {
    state: { knownCount: count, awaitingBlockEnd: grew ? !newestComplete : prev.awaitingBlockEnd && !done },
    openSoon: grew,
    showPreview: done,
  };
}
