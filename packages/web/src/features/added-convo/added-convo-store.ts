import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';
import type { ChatSetup } from '../endpoints';
import { newestSetups, storedSetups } from './stored-setups';

const STORAGE_KEY = 'addedConvoByConversation';

function persist(byConversation: Record<string, ChatSetup>): Record<string, ChatSetup> {
  const kept = newestSetups(byConversation);
  writeLocal(STORAGE_KEY, kept);
  return kept;
}

/**
 * The second model chosen with the `+` button or the typed `+` command (multi-conversation), per
 * conversation: while set, every message sent in that conversation is answered by it too, beside
 * the conversation's own model, until it is removed. Kept in local storage, so a reload keeps it.
 */
interface AddedConvoState {
  byConversation: Record<string, ChatSetup>;
  choose: (conversationId: string, setup: ChatSetup) => void;
  remove: (conversationId: string) => void;
}

export const useAddedConvo = create<AddedConvoState>((set) => ({
  byConversation: storedSetups(readLocal<unknown>(STORAGE_KEY, {})),
  choose: (conversationId, setup) =>
    set((s) => {
      // Chosen again: it moves to the newest end, so it is the last to be dropped.
      const { [conversationId]: _old, ...others } = s.byConversation;
      return { byConversation: persist({ ...others, [conversationId]: setup }) };
    }),
  remove: (conversationId) =>
    set((s) => {
      if (!(conversationId in s.byConversation)) return s;
      const { [conversationId]: _gone, ...others } = s.byConversation;
      return { byConversation: persist(others) };
    }),
}));

/** The second model of a conversation, or null (hook). */
export function useAddedSetup(conversationId: string): ChatSetup | null {
  return useAddedConvo((s) => s.byConversation[conversationId] ?? null);
}

/** A new conversation takes over the second model chosen while it was "new"; the next new chat starts without. */
export function moveAddedConvo(from: string, to: string): void {
  useAddedConvo.setState((s) => {
    const { [from]: chosen, ...rest } = s.byConversation;
    if (!chosen) return s;
    return { byConversation: persist({ ...rest, [to]: rest[to] ?? chosen }) };
  });
}
