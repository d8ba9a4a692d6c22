import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { moveBy, moveTo } from './badge-order';
import { CHAT_TOOLS, type ChatTool } from './tool-selection';

/** localStorage key of the pinned badges, in the order the user arranged them. */
export const PINNED_STORAGE_KEY = 'pinnedToolBadges';

/** A stored list kept only as far as it names known tools, each once (a tampered entry loads as far as it is valid). */
export function parsePinned(stored: unknown): ChatTool[] {
  if (!Array.isArray(stored)) return [];
  const known = stored.filter((t): t is ChatTool => (CHAT_TOOLS as readonly unknown[]).includes(t));
  return [...new Set(known)];
}

interface PinnedBadgesState {
  /** Tools whose badge shows in every conversation's input, in order. */
  pinned: ChatTool[];
  /** The order being edited in the badge editing bar; null when not editing. */
  draft: ChatTool[] | null;
  pin(tool: ChatTool): void;
  unpin(tool: ChatTool): void;
  startEditing(): void;
  /** Edit mode: put a badge at an index among the others (a drag's drop). */
  placeDraft(tool: ChatTool, index: number): void;
  /** Edit mode: move a badge one place (the keyboard's arrows). */
  stepDraft(tool: ChatTool, step: -1 | 1): void;
  /** Edit mode: take a badge out (unpinned once saved). */
  removeFromDraft(tool: ChatTool): void;
  saveEditing(): void;
  cancelEditing(): void;
}

function save(pinned: ChatTool[]): { pinned: ChatTool[] } {
  writeLocal(PINNED_STORAGE_KEY, pinned);
  return { pinned };
}

/**
 * Pinned tool badges: a pinned tool's badge shows in every conversation's input, on or off, so
 * the tool is one click away; unpinned tools show a badge only while on. The order and the set
 * are the user's, kept on this device, and changed in the badge editing bar, whose changes apply
 * only when saved.
 */
export const usePinnedBadges = create<PinnedBadgesState>((set) => ({
  pinned: parsePinned(readLocal<unknown>(PINNED_STORAGE_KEY, [])),
  draft: null,
  pin: (tool) => set((s) => (s.pinned.includes(tool) ? s : save([...s.pinned, tool]))),
  unpin: (tool) => set((s) => save(s.pinned.filter((t) => t !== tool))),
  startEditing: () => set((s) => ({ draft: [...s.pinned] })),
  placeDraft: (tool, index) => set((s) => (s.draft ? { draft: moveTo(s.draft, tool, index) } : s)),
  stepDraft: (tool, step) => set((s) => (s.draft ? { draft: moveBy(s.draft, tool, step) } : s)),
  removeFromDraft: (tool) => set((s) => (s.draft ? { draft: s.draft.filter((t) => t !== tool) } : s)),
  saveEditing: () => set((s) => (s.draft ? { ...save(s.draft), draft: null } : s)),
  cancelEditing: () => set({ draft: null }),
}));
