import { Worker } from 'node:worker_threads';
import type { ProviderMessage } from '../providers/provider.ts';
import { countTokensBounded, prepareTokenizer } from './bounded-token-count.mjs';

/** Tokens a chat message costs beyond its text (role and separators), and the reply's priming. */
const PER_MESSAGE_TOKENS = 3;
const REPLY_PRIMING_TOKENS = 3;
/** Other providers tokenize differently; OpenAI's count plus this margin stays on the safe side. */
export const NON_OPENAI_MARGIN = 1.1;
/**
 * Up to this many characters in all are counted on the event loop (well under a millisecond of
 * ordinary text); more go to the token-count thread, so no request's text holds up the others.
 */
export const INLINE_CHARS = 4_000;

/**
 * Loads the tokenizer (about 50 MB, left out of an idle server's start) once someone opens the
 * app, ahead of their first chat.
 */
export function prepareTokenCounting(): void {
  prepareTokenizer();
}

/** Tokens of a text with OpenAI's o200k encoding (gpt-4o and later), linear in its length. */
export function countTextTokens(text: string): number {
  return countTokensBounded(text);
}

interface Reply {
  id: number;
  counts?: number[];
  error?: string;
}

/** One worker thread counting texts in the order sent; started on first use, idle it never keeps the process alive. */
class TokenCountThread {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(counts: number[]): void; reject(error: Error): void }>();

  count(texts: string[]): Promise<number[]> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    if (this.#pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, texts });
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./token-count-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.counts) waiting?.resolve(reply.counts);
      else waiting?.reject(new Error(reply.error ?? 'Token counting failed'));
    });
    // A thread that dies fails what it held; the next count starts a new one.
    const stop = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The token-count thread stopped (exit code ${code}).`)));
    this.#worker = worker;
    return worker;
  }
}

const thread = new TokenCountThread();

/** Token counts of texts: small totals in place, larger ones on the token-count thread. */
export async function countTokensOf(texts: string[]): Promise<number[]> {
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  if (chars <= INLINE_CHARS) return texts.map(countTextTokens);
  return thread.count(texts);
}

/**
 * A token counter for one model: OpenAI's encoding (gpt-tokenizer) for every provider, so one
 * tokenizer serves all, with a 10% margin for models that are not OpenAI's own.
 */
export interface TokenCounter {
  /** The cost of each message, in order. */
  messages(messages: ProviderMessage[]): Promise<number[]>;
  /** The fixed cost of any request (the reply's priming). */
  readonly base: number;
}

export function tokenCounter(exact: boolean): TokenCounter {
  const scale = (n: number) => (exact ? n : Math.ceil(n * NON_OPENAI_MARGIN));
  return {
    messages: async (list) =>
      (await countTokensOf(list.map((m) => m.content))).map((n) => scale(n + PER_MESSAGE_TOKENS)),
    base: scale(REPLY_PRIMING_TOKENS),
  };
}
