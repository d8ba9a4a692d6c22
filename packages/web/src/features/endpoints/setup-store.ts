import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';
import type { ChatSetup } from './chat-setup';

/** Kept in localStorage: the last setup per conversation slot and the last model per endpoint. */
export const LAST_SETUP_KEY = (slot: number) => `lastConversationSetup_${slot}`;
export const LAST_MODEL_KEY = 'lastSelectedModel';

interface SetupState {
  /** Setups the user chose in this tab, by conversation id ("new" for the new chat). */
  setups: Record<string, ChatSetup>;
  setSetup: (conversationId: string, setup: ChatSetup) => void;
  moveSetup: (from: string, to: string) => void;
}

export const useSetupStore = create<SetupState>((set) => ({
  setups: {},
  setSetup: (conversationId, setup) => {
    // Remembered so the next new chat starts where the user left off.
    writeLocal(LAST_SETUP_KEY(0), setup);
    writeLocal(LAST_MODEL_KEY, {
      ...readLocal<Record<string, string>>(LAST_MODEL_KEY, {}),
      [setup.endpoint]: setup.model,
    });
    set((s) => ({ setups: { ...s.setups, [conversationId]: setup } }));
  },
  moveSetup: (from, to) =>
    set((s) => {
      const setup = s.setups[from];
      if (!setup) return s;
      const { [from]: _moved, ...rest } = s.setups;
      return { setups: { ...rest, [to]: setup } };
    }),
}));

export function lastSetup(): Partial<ChatSetup> | null {
  return readLocal<Partial<ChatSetup> | null>(LAST_SETUP_KEY(0), null);
}

export function lastModels(): Record<string, string> {
  return readLocal<Record<string, string>>(LAST_MODEL_KEY, {});
}
