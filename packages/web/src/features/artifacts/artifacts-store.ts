import { create } from 'zustand';

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
  select: (key: string) => void;
  setTab: (tab: ArtifactTab) => void;
  close: () => void;
}

/** Which artifact the panel shows, on which tab, and whether it is open. */
export const useArtifacts = create<ArtifactsState>((set) => ({
  conversationId: null,
  open: false,
  selectedKey: null,
  tab: 'preview',
  awaitingBlockEnd: false,
  knownCount: null,
  reset: (conversationId) =>
    set({
      conversationId,
      open: false,
      selectedKey: null,
      tab: 'preview',
      awaitingBlockEnd: false,
      knownCount: null,
    }),
  show: (key, tab) => set((s) => ({ open: true, selectedKey: key, tab: tab ?? s.tab })),
  select: (key) => set({ selectedKey: key }),
  setTab: (tab) => set({ tab }),
  close: () => set({ open: false }),
}));
