import { create } from 'zustand';

/** Shell UI state that several parts share: the open conversation's title and the settings dialog. */
interface ShellState {
  /** Title of the current conversation; the chat feature sets it, null means a new chat. */
  conversationTitle: string | null;
  settingsOpen: boolean;
  setConversationTitle: (title: string | null) => void;
  setSettingsOpen: (open: boolean) => void;
}

export const useShell = create<ShellState>((set) => ({
  conversationTitle: null,
  settingsOpen: false,
  setConversationTitle: (conversationTitle) => set({ conversationTitle }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));
