import type { ProviderMessage } from '../providers/provider.ts';
import { knownContextWindow, isOpenAIModel } from './context-window.ts';
import { tokenCounter } from './token-count.ts';

export interface ContextLimits {
  model: string;
  /** The conversation's (or the endpoint's) budget for the prompt. */
  maxContextTokens?: number;
  /** Tokens kept free for the answer when the limit is the model's window. */
  maxOutputTokens?: number;
  /** OpenAI's own models are counted exactly, every other with a margin. */
  exact?: boolean;
}

export interface TrimResult {
  messages: ProviderMessage[];
  /** How many of the oldest messages were left out. */
  dropped: number;
  /** The estimated prompt tokens of what is sent. */
  tokens: number;
  /** The budget applied, when there was one. */
  budget?: number;
}

/**
 * The prompt budget: maxContextTokens when set; else the model's known window less the tokens
 * reserved for the answer; else none (an unknown model with no setting is not trimmed).
 */
export function promptBudget(limits: ContextLimits): number | undefined {
  if (limits.maxContextTokens) return limits.maxContextTokens;
  const window = knownContextWindow(limits.model);
  if (!window) return undefined;
  return Math.max(window - (limits.maxOutputTokens ?? 0), 1);
}

/**
 * Fits a conversation into the budget by leaving out its oldest messages first. The system
 * instructions and the newest user message are always kept (if they alone exceed the budget,
 * the provider's own limit has the last word). What remains starts with a user turn, as
 * Anthropic and Gemini require.
 */
export async function trimHistory(messages: ProviderMessage[], limits: ContextLimits): Promise<TrimResult> {
  const counter = tokenCounter(limits.exact ?? isOpenAIModel(limits.model));
  const costs = await counter.messages(messages);
  const total = counter.base + costs.reduce((a, b) => a + b, 0);
  const budget = promptBudget(limits);
  if (budget === undefined || total <= budget) return { messages, dropped: 0, tokens: total, budget };

  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const pinned = (i: number) => messages[i]!.role === 'system' || i === lastUser;
  let tokens = total;
  const dropped = new Set<number>();
  for (let i = 0; i < messages.length && tokens > budget; i++) {
    if (pinned(i)) continue;
    dropped.add(i);
    tokens -= costs[i]!;
  }
  // The history after the instructions must open with a user turn: drop answers left leading it.
  for (let i = 0; i < messages.length; i++) {
    if (dropped.has(i) || messages[i]!.role === 'system') continue;
    if (messages[i]!.role === 'user') break;
    dropped.add(i);
    tokens -= costs[i]!;
  }
  return {
    messages: messages.filter((_, i) => !dropped.has(i)),
    dropped: dropped.size,
    tokens,
    budget,
  };
}
