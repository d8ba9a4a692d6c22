import { create } from 'zustand';

/**
 * Whether the next new chat is temporary (the server gives it an expiredAt; it never
 * shows in lists, search or shares). Only a new chat can become temporary.
 */
interface TemporaryState {
  isTemporary: boolean;
  setTemporary: (isTemporary: boolean) => void;
}

export const useTemporaryChat = create<TemporaryState>((set) => ({
  isTemporary: false,
  setTemporary: (isTemporary) => set({ isTemporary }),
}));

/** What a chat request sends as `isTemporary`: the toggle, for a new chat only. */
export function temporaryFlagFor(conversationId: string | null): boolean {
  return conversationId === null && useTemporaryChat.getState().isTemporary;
}
