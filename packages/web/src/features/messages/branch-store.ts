import type { Message } from '@parley/schema';
import { useMemo } from 'react';
import { create } from 'zustand';
import {
  buildTree,
  choicesShowing,
  visiblePath,
  type SiblingChoices,
  type VisibleMessage,
} from './message-tree';

const NONE: SiblingChoices = {};

/** Which sibling the user is looking at, per conversation (kept while the tab lives). */
interface BranchState {
  choices: Record<string, SiblingChoices>;
  choose: (conversationId: string, parentKey: string, index: number, count: number) => void;
  /** A message the list should bring into view when it shows its conversation (a search hit). */
  focus: { conversationId: string; messageId: string } | null;
  /** Shows the branch that holds `messageId` (its sibling at every level) and asks for it in view. */
  reveal: (conversationId: string, messages: readonly Message[], messageId: string) => void;
  clearFocus: () => void;
}

export const useBranches = create<BranchState>((set) => ({
  choices: {},
  focus: null,
  reveal: (conversationId, messages, messageId) =>
    set((s) => ({
      choices: {
        ...s.choices,
        [conversationId]: { ...s.choices[conversationId], ...choicesShowing(buildTree(messages), messageId) },
      },
      focus: { conversationId, messageId },
    })),
  clearFocus: () => set({ focus: null }),
  choose: (conversationId, parentKey, index, count) =>
    set((s) => ({
      choices: {
        ...s.choices,
        [conversationId]: { ...s.choices[conversationId], [parentKey]: { index, count } },
      },
    })),
}));

/** The visible branch of a conversation's messages. */
export function useVisiblePath(conversationId: string, messages: readonly Message[]): VisibleMessage[] {
  const choices = useBranches((s) => s.choices[conversationId] ?? NONE);
  return useMemo(() => visiblePath(buildTree(messages), choices), [messages, choices]);
}
