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
  /**
   * Conversations whose send was accepted but whose generation starts in the next task (see
   * sendMessage): the message box already shows the stop button, as for a generation.
   */
  starting: Record<string, true>;
  /** A new chat that the server has just named: the view at /c/new moves to /c/{id}. */
  created: { from: string; to: string } | null;
  put: (generation: Generation) => void;
  markStarting: (key: string) => void;
  clearStarting: (key: string) => void;
  patch: (key: string, patch: Partial<Generation>) => void;
  rekey: (from: string, to: string) => void;
  remove: (key: string) => void;
  clearCreated: () => void;
}

export const useLive = create<LiveState>((set) => ({
  generations: {},
  starting: {},
  created: null,
  put: (generation) =>
    set((s) => ({
      generations: { ...s.generations, [generation.key]: generation },
      starting: withoutKey(s.starting, generation.key),
    })),
  markStarting: (key) => set((s) => ({ starting: { ...s.starting, [key]: true } })),
  clearStarting: (key) => set((s) => (s.starting[key] ? { starting: withoutKey(s.starting, key) } : s)),
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

/**
 * True from the key press that sends until the generation ends: the message box shows the stop
 * button at once instead of a disabled send button for the task before the exchange starts.
 */
export function useIsSending(conversationId: string): boolean {
  return useLive((s) => Boolean(s.generations[conversationId] ?? s.starting[conversationId]));
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

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}
