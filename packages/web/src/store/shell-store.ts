import { create } from 'zustand';

/** Shell UI state that several parts share: the open conversation's title and the settings dialog. */
interface ShellState {
  /** Title of the current conversation; the chat feature sets it, null means a new chat. */
  conversationTitle: string | null;
  settingsOpen: boolean;
  /** The tab the settings dialog opens on. */
  settingsTab: string;
  setConversationTitle: (title: string | null) => void;
  setSettingsOpen: (open: boolean) => void;
  /** Opens the settings dialog on one tab (e.g. Account, after linking a sign-in). */
  openSettingsAt: (tab: string) => void;
}

export const useShell = create<ShellState>((set) => ({
  conversationTitle: null,
  settingsOpen: false,
  settingsTab: 'general',
  setConversationTitle: (conversationTitle) => set({ conversationTitle }),
  // Closing forgets the tab: the next ordinary opening starts on General again.
  setSettingsOpen: (settingsOpen) =>
    set(settingsOpen ? { settingsOpen } : { settingsOpen, settingsTab: 'general' }),
  openSettingsAt: (settingsTab) => set({ settingsOpen: true, settingsTab }),
}));
