import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { useSettings } from '../../store/settings-store';

const STORAGE_KEY = 'toolBadges';
const PER_CONVERSATION_KEY = 'toolBadgesByConversation';
/** Conversations whose choice is kept on this device; the oldest choices are dropped first. */
const KEPT_CONVERSATIONS = 200;

const isChatTool = (t: unknown): t is ChatTool => (CHAT_TOOLS as readonly unknown[]).includes(t);

/** Keeps the newest KEPT_CONVERSATIONS choices in localStorage, so a reload keeps them. */
function persist(byConversation: Record<string, ChatTool[]>): Record<string, ChatTool[]> {
  const kept = Object.fromEntries(Object.entries(byConversation).slice(-KEPT_CONVERSATIONS));
  writeLocal(PER_CONVERSATION_KEY, kept);
  return kept;
}

function loadPerConversation(): Record<string, ChatTool[]> {
  const stored = readLocal<Record<string, unknown>>(PER_CONVERSATION_KEY, {});
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).flatMap(([id, tools]) =>
      Array.isArray(tools) ? [[id, tools.filter(isChatTool)]] : [],
    ),
  );
}

/** The built-in tools an ordinary chat can turn on, in the menu's order. */
export const CHAT_TOOLS = [
  'file_search',
  'web_search',
  'execute_code',
  'image_gen_oai',
  'gemini_image_gen',
] as const;
export type ChatTool = (typeof CHAT_TOOLS)[number];

interface ToolSelectionState {
  /** The tools turned on per conversation. */
  byConversation: Record<string, ChatTool[]>;
  /** The last choice made, kept for new conversations while "save badges state" is on. */
  last: ChatTool[];
  toggle(conversationId: string, tool: ChatTool): void;
}

/** A conversation's choice; one never set starts off, or as the last one with saved badges. */
function current(s: ToolSelectionState, conversationId: string): ChatTool[] {
  return s.byConversation[conversationId] ?? (useSettings.getState().saveBadgesState ? s.last : []);
}

/**
 * Which tools the user turned on for each conversation of an ordinary chat (per
 * conversation, off by default); sent as the request's `ephemeralAgent` flags.
 */
export const useToolSelection = create<ToolSelectionState>((set) => ({
  byConversation: loadPerConversation(),
  last: readLocal<unknown[]>(STORAGE_KEY, []).filter(isChatTool),
  toggle: (conversationId, tool) =>
    set((s) => {
      const now = current(s, conversationId);
      const next = now.includes(tool) ? now.filter((t) => t !== tool) : [...now, tool];
      writeLocal(STORAGE_KEY, next);
      const { [conversationId]: _old, ...others } = s.byConversation;
      return { byConversation: persist({ ...others, [conversationId]: next }), last: next };
    }),
}));

/** The tools on for a conversation (hook). */
export function useSelectedTools(conversationId: string): ChatTool[] {
  const byConversation = useToolSelection((s) => s.byConversation[conversationId]);
  const last = useToolSelection((s) => s.last);
  const saveBadges = useSettings((s) => s.saveBadgesState);
  return byConversation ?? (saveBadges ? last : []);
}

/** The request's `ephemeralAgent` flags for a conversation's tools. */
export function selectedToolFlags(conversationId: string): Record<ChatTool | 'image_edit_oai', boolean> {
  const on = current(useToolSelection.getState(), conversationId);
  const flags = Object.fromEntries(CHAT_TOOLS.map((t) => [t, on.includes(t)])) as Record<ChatTool, boolean>;
  // One switch for pictures: making them and editing them (the edit tool, where the server has it).
  return { ...flags, image_edit_oai: flags.image_gen_oai };
}

/** A new conversation takes over the choice made while it was "new"; the next new chat starts afresh. */
export function moveToolSelection(from: string, to: string): void {
  useToolSelection.setState((s) => {
    const { [from]: chosen, ...rest } = s.byConversation;
    if (!chosen) return s;
    return { byConversation: persist({ ...rest, [to]: rest[to] ?? chosen }) };
  });
}
