import type { Conversation } from '@parley/schema';
import { create } from 'zustand';

export type RowDialog = { kind: 'share' | 'delete'; conversation: Conversation };

/**
 * Which row is being renamed and which dialog a row opened. Kept outside the rows: the list is
 * virtualised, so a row may unmount while its dialog is still open.
 */
interface RowState {
  renamingId: string | null;
  dialog: RowDialog | null;
  /** The row whose menu the keyboard opened (→, the menu key or Shift+F10 on the row). */
  menuId: string | null;
  startRename: (conversationId: string) => void;
  stopRename: () => void;
  openDialog: (dialog: RowDialog | null) => void;
  openMenu: (conversationId: string | null) => void;
}

export const useRowState = create<RowState>((set) => ({
  renamingId: null,
  dialog: null,
  menuId: null,
  startRename: (renamingId) => set({ renamingId }),
  stopRename: () => set({ renamingId: null }),
  openDialog: (dialog) => set({ dialog }),
  openMenu: (menuId) => set({ menuId }),
}));
