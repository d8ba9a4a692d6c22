import { create } from 'zustand';
import type { LiveAnswer } from './stream-reducer';

/** One generation this tab is streaming (or waiting for). */
export interface Generation {
  /** Conversation id, or "new" until the server names it. */
  key: string;
  /** The request message's id (temporary until `created`). */
  userMessageId: string;
  /** Id of the answer in the message cache while it streams. */
  placeholderId: string;
  answer: LiveAnswer;
  stopRequested: boolean;
  /** The second answer to the same message, from another model (multi-conversation). */
  added?: AddedGeneration;
}

/** The second answer of a message asked of two models, streaming beside the first. */
export interface AddedGeneration {
  placeholderId: string;
  answer: LiveAnswer;
  /** Its final or error arrived (the first may still be streaming). */
  done: boolean;
}

interface LiveState {
  generations: Record<string, Generation>;
  /** A new chat that the server has just named: the view at /c/new moves to /c/{id}. */
  created: { from: string; to: string } | null;
  put: (generation: Generation) => void;
  patch: (key: string, patch: Partial<Generation>) => void;
  rekey: (from: string, to: string) => void;
  remove: (key: string) => void;
  clearCreated: () => void;
}

export const useLive = create<LiveState>((set) => ({
  generations: {},
  created: null,
  put: (generation) => set((s) => ({ generations: { ...s.generations, [generation.key]: generation } })),
  patch: (key, patch) =>
    set((s) => {
      const current = s.generations[key];
      if (!current) return s;
      return { generations: { ...s.generations, [key]: { ...current, ...patch } } };
    }),
  rekey: (from, to) =>
    set((s) => {
      const current = s.generations[from];
      if (!current) return s;
      const { [from]: _old, ...rest } = s.generations;
      return { generations: { ...rest, [to]: { ...current, key: to } }, created: { from, to } };
    }),
  remove: (key) =>
    set((s) => {
      if (!s.generations[key]) return s;
      const { [key]: _gone, ...rest } = s.generations;
      return { generations: rest };
    }),
  clearCreated: () => set({ created: null }),
}));

export function useIsSubmitting(conversationId: string): boolean {
  return useLive((s) => Boolean(s.generations[conversationId]));
}

/** The live answer content for a message id, when that message is streaming. */
export function useLiveAnswer(messageId: string): LiveAnswer | null {
  return useLive((s) => {
    for (const g of Object.values(s.generations)) {
      if (g.placeholderId === messageId) return g.answer;
      if (g.added && !g.added.done && g.added.placeholderId === messageId) return g.added.answer;
    }
    return null;
  });
}
