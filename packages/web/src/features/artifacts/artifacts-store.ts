import { create } from 'zustand';
import { ARTIFACT_VISIBILITY_DEBOUNCE_MS } from './timings';

export type ArtifactTab = 'preview' | 'code';

interface ArtifactsState {
  /** The conversation the state belongs to: it clears when the conversation changes. */
  conversationId: string | null;
  open: boolean;
  /** The artifact shown; null follows the newest. */
  selectedKey: string | null;
  tab: ArtifactTab;
  /** Opened on the code tab while its block was arriving: show the preview once it is complete. */
  awaitingBlockEnd: boolean;
  /** How many artifacts the conversation had when last looked at (null: not yet). */
  knownCount: number | null;
  reset: (conversationId: string) => void;
  show: (key: string | null, tab?: ArtifactTab) => void;
  /**
   * Opens the panel on the newest artifact once no further call has come for
   * ARTIFACT_VISIBILITY_DEBOUNCE_MS: on the code tab while its block is still arriving
   * (awaitingBlockEnd), else the preview. A panel already open keeps what it shows; the person
   * opening or closing the panel, or another conversation, cancels it.
   */
  openSoon: () => void;
  select: (key: string) => void;
  setTab: (tab: ArtifactTab) => void;
  close: () => void;
}

/** The pending openSoon (module state: it outlives a view that mounts afresh for a named chat). */
let pendingOpen: number | undefined;

/** Which artifact the panel shows, on which tab, and whether it is open. */
export const useArtifacts = create<ArtifactsState>((set, get) => ({
  conversationId: null,
  open: false,
  selectedKey: null,
  tab: 'preview',
  awaitingBlockEnd: false,
  knownCount: null,
  reset: (conversationId) => {
    window.clearTimeout(pendingOpen);
    set({
      conversationId,
      open: false,
      selectedKey: null,
      tab: 'preview',
      awaitingBlockEnd: false,
      knownCount: null,
    });
  },
  show: (key, tab) => {
    window.clearTimeout(pendingOpen);
    set((s) => ({ open: true, selectedKey: key, tab: tab ?? s.tab }));
  },
  openSoon: () => {
    window.clearTimeout(pendingOpen);
    if (get().open) return;
    pendingOpen = window.setTimeout(() => {
      const { open, awaitingBlockEnd } = get();
      if (!open) set({ open: true, selectedKey: null, tab: awaitingBlockEnd ? 'code' : 'preview' });
    }, ARTIFACT_VISIBILITY_DEBOUNCE_MS);
  },
  select: (key) => set({ selectedKey: key }),
  setTab: (tab) => set({ tab }),
  close: () => {
    window.clearTimeout(pendingOpen);
    set({ open: false });
  },
}));
