import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';

const STORAGE_KEY = 'mcpSelected';

interface McpSelectionState {
  /** The servers chosen per conversation; a conversation never set uses the last choice made. */
  byConversation: Record<string, string[]>;
  last: string[];
  toggle(conversationId: string, server: string): void;
  /** Chooses a server for a conversation (nothing when it is chosen already). */
  select(conversationId: string, server: string): void;
  /** Takes a server out of every conversation's choice (its credentials were revoked). */
  removeEverywhere(server: string): void;
}

/** Which MCP servers' tools the user turned on for a conversation (sent as ephemeralAgent.mcp). */
export const useMcpSelection = create<McpSelectionState>((set) => ({
  byConversation: {},
  last: readLocal<string[]>(STORAGE_KEY, []),
  toggle: (conversationId, server) =>
    set((s) => {
      const current = s.byConversation[conversationId] ?? s.last;
      const next = current.includes(server) ? current.filter((n) => n !== server) : [...current, server];
      writeLocal(STORAGE_KEY, next);
      return { byConversation: { ...s.byConversation, [conversationId]: next }, last: next };
    }),
  select: (conversationId, server) =>
    set((s) => {
      const current = s.byConversation[conversationId] ?? s.last;
      if (current.includes(server)) return s;
      const next = [...current, server];
      writeLocal(STORAGE_KEY, next);
      return { byConversation: { ...s.byConversation, [conversationId]: next }, last: next };
    }),
  removeEverywhere: (server) =>
    set((s) => {
      const without = (list: string[]) => list.filter((n) => n !== server);
      const last = without(s.last);
      writeLocal(STORAGE_KEY, last);
      const byConversation = Object.fromEntries(
        Object.entries(s.byConversation).map(([id, list]) => [id, without(list)]),
      );
      return { byConversation, last };
    }),
}));

/** The servers chosen for a conversation, for the chat request. */
export function selectedMcpServers(conversationId: string): string[] {
  const s = useMcpSelection.getState();
  return s.byConversation[conversationId] ?? s.last;
}
