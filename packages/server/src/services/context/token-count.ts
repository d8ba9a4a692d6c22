import { countTokens as countO200k } from 'gpt-tokenizer';
import type { ProviderMessage } from '../providers/provider.ts';

/** Tokens a chat message costs beyond its text (role and separators), and the reply's priming. */
const PER_MESSAGE_TOKENS = 3;
const REPLY_PRIMING_TOKENS = 3;
/** Other providers tokenize differently; OpenAI's count plus this margin stays on the safe side. */
export const NON_OPENAI_MARGIN = 1.1;

/** User text may contain `<|endoftext|>` and the like: counted as plain text, never refused. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of a text with OpenAI's o200k encoding (gpt-4o and later). */
export function countTextTokens(text: string): number {
  return text ? countO200k(text, PLAIN_TEXT) : 0;
}

/**
 * A token counter for one model: OpenAI's encoding for every provider (ARCHITECTURE §runtime),
 * with a 10% margin for models that are not OpenAI's own.
 */
export interface TokenCounter {
  message(message: ProviderMessage): number;
  /** The fixed cost of any request (the reply's priming). */
  readonly base: number;
}

export function tokenCounter(exact: boolean): TokenCounter {
  const scale = (n: number) => (exact ? n : Math.ceil(n * NON_OPENAI_MARGIN));
  return {
    message: (m) => scale(countTextTokens(m.content) + PER_MESSAGE_TOKENS),
    base: scale(REPLY_PRIMING_TOKENS),
  };
}
