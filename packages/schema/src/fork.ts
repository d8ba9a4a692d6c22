import type { Conversation, Message } from './conversation.ts';

/**
 * What a fork copies: the direct path from the root to the target; that path
 * plus the sibling branches along it; or every message up to the target's depth.
 */
export const FORK_OPTIONS = ['directPath', 'includeBranches', 'targetLevel'] as const;
export type ForkOption = (typeof FORK_OPTIONS)[number];

/** Answer of fork and duplicate: the new conversation and its messages (new ids throughout). */
export interface ForkResult {
  conversation: Conversation;
  messages: Message[];
}
