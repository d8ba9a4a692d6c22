// Prompt caching, simulated without state: the tokens up to the last cache breakpoint a request marks
// (Anthropic `cache_control`, Bedrock `cachePoint`) are reported as read from the cache, so a client's
// handling of cache usage can be tested with a single request.
import { countTokens } from './tokenize.ts';

export class CachePrefix {
  private tokens = 0;
  private cached = 0;

  /** Text of the prompt, in order. */
  add(text: string): void {
    this.tokens += countTokens(text);
  }

  /** A breakpoint after everything added so far. */
  mark(): void {
    this.cached = this.tokens;
  }

  get cachedTokens(): number {
    return this.cached;
  }
}
