import { create } from 'zustand';
import type { ChatSetup } from '../endpoints';

/**
 * The second model chosen with the `+` button (multi-conversation): while set, every message the
 * user sends is answered by it too, beside the conversation's own model, until it is removed.
 */
interface AddedConvoState {
  setup: ChatSetup | null;
  choose: (setup: ChatSetup) => void;
  remove: () => void;
}

export const useAddedConvo = create<AddedConvoState>((set) => ({
  setup: null,
  choose: (setup) => set({ setup }),
  remove: () => set({ setup: null }),
}));
