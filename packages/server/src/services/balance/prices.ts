/**
 * Token prices in credits per token, which is US dollars per million tokens (one credit is a
 * millionth of a dollar). Keys are model ids or their family prefix: the longest key the model
 * id starts with wins ("gpt-4o-mini-2024-07-18" → "gpt-4o-mini").
 */
export interface TokenPrice {
  prompt: number;
  completion: number;
  /** Reading the provider's prompt cache; the prompt price when not given. */
  cacheRead?: number;
  /** Writing the provider's prompt cache; the prompt price when not given. */
  cacheWrite?: number;
}

/** Anthropic bills cache writes at 1.25 × and reads at 0.1 × the input price. */
const anthropic = (prompt: number, completion: number): TokenPrice => ({
  prompt,
  completion,
  cacheWrite: prompt * 1.25,
  cacheRead: prompt * 0.1,
});
/** OpenAI bills cached input at half price (a quarter or a tenth for the newest families). */
const openai = (prompt: number, completion: number, cachedShare = 0.5): TokenPrice => ({
  prompt,
  completion,
  cacheRead: prompt * cachedShare,
});

/** The providers' list prices of the known models (per million tokens). */
export const BUILT_IN_PRICES: Record<string, TokenPrice> = {
  'gpt-3.5-turbo': openai(0.5, 1.5),
  'gpt-4': openai(30, 60),
  'gpt-4-turbo': openai(10, 30),
  'gpt-4o': openai(2.5, 10),
  'gpt-4o-mini': openai(0.15, 0.6),
  'gpt-4.1': openai(2, 8, 0.25),
  'gpt-4.1-mini': openai(0.4, 1.6, 0.25),
  'gpt-4.1-nano': openai(0.1, 0.4, 0.25),
  'gpt-5': openai(1.25, 10, 0.1),
  'gpt-5-mini': openai(0.25, 2, 0.1),
  'gpt-5-nano': openai(0.05, 0.4, 0.1),
  o1: openai(15, 60),
  'o1-mini': openai(1.1, 4.4),
  o3: openai(2, 8, 0.25),
  'o3-mini': openai(1.1, 4.4),
  'o4-mini': openai(1.1, 4.4, 0.25),
  'claude-3-haiku': anthropic(0.25, 1.25),
  'claude-3-5-haiku': anthropic(0.8, 4),
  'claude-haiku-4-5': anthropic(1, 5),
  'claude-3-sonnet': anthropic(3, 15),
  'claude-3-5-sonnet': anthropic(3, 15),
  'claude-3-7-sonnet': anthropic(3, 15),
  'claude-sonnet-4': anthropic(3, 15),
  'claude-3-opus': anthropic(15, 75),
  'claude-opus-4': anthropic(15, 75),
  'gemini-1.5-flash': { prompt: 0.075, completion: 0.3 },
  'gemini-1.5-pro': { prompt: 1.25, completion: 5 },
  'gemini-2.0-flash': { prompt: 0.1, completion: 0.4 },
  'gemini-2.5-flash': { prompt: 0.3, completion: 2.5 },
  'gemini-2.5-pro': { prompt: 1.25, completion: 10 },
};

/** Models no table knows (local models, the simulator): one credit a token, overridable as `default`. */
export const FALLBACK_PRICE: TokenPrice = { prompt: 1, completion: 1 };

/** Where a price comes from: an administrator's console, parley.yaml, or the built-in table. */
export type PriceSource = 'console' | 'config' | 'built-in';

/**
 * The price list in force: prices set in the console over parley.yaml's `balance.prices` over the
 * built-in table. The console's are replaced whenever they are read from the database again.
 */
export class PriceList {
  private table: Record<string, TokenPrice>;
  private consolePrices: Record<string, TokenPrice> = {};

  constructor(private readonly overrides: Record<string, TokenPrice> = {}) {
    this.table = { ...BUILT_IN_PRICES, ...overrides };
  }

  /** Puts the administrators' prices in force (they win over parley.yaml's). */
  setConsolePrices(prices: Record<string, TokenPrice>): void {
    this.consolePrices = prices;
    this.table = { ...BUILT_IN_PRICES, ...this.overrides, ...prices };
  }

  /** Every key of the list with its price and where it comes from. */
  entries(): { model: string; price: TokenPrice; source: PriceSource }[] {
    return Object.entries(this.table).map(([model, price]) => ({
      model,
      price,
      source: model in this.consolePrices ? 'console' : model in this.overrides ? 'config' : 'built-in',
    }));
  }

  /** The price of a model id; Bedrock ids ("anthropic.claude-3-5-sonnet-…") match by their model part. */
  priceOf(model: string): TokenPrice {
    const id = model.toLowerCase();
    const candidates = [id, id.slice(id.indexOf('.') + 1)];
    let best: string | undefined;
    for (const key of Object.keys(this.table)) {
      if (key === 'default') continue;
      const k = key.toLowerCase();
      if (
        candidates.some(
          (c) => c === k || c.startsWith(`${k}-`) || c.startsWith(`${k}@`) || c.startsWith(`${k}:`),
        )
      )
        if (!best || k.length > best.length) best = key;
    }
    return best ? this.table[best]! : (this.table.default ?? FALLBACK_PRICE);
  }
}
