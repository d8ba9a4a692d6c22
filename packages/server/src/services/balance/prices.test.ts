import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICE, PriceList } from './prices.ts';

describe('PriceList', () => {
  const prices = new PriceList();

  it('matches a model id by its longest known family', () => {
    expect(prices.priceOf('gpt-4o-mini-2024-07-18')).toMatchObject({ prompt: 0.15, completion: 0.6 });
    expect(prices.priceOf('gpt-4o')).toMatchObject({ prompt: 2.5, completion: 10 });
    expect(prices.priceOf('gpt-4o-2024-08-06')).toMatchObject({ prompt: 2.5 });
    expect(prices.priceOf('claude-3-5-sonnet-latest')).toMatchObject({
      prompt: 3,
      completion: 15,
      cacheRead: expect.closeTo(0.3, 9),
    });
    expect(prices.priceOf('anthropic.claude-3-5-sonnet-20240620-v1:0')).toMatchObject({ prompt: 3 });
    expect(prices.priceOf('gemini-1.5-flash-latest')).toMatchObject({ prompt: 0.075 });
  });

  it('does not take a longer name for a family (gpt-4 is not gpt-4o)', () => {
    expect(prices.priceOf('gpt-4')).toMatchObject({ prompt: 30 });
    expect(prices.priceOf('gpt-4-0613')).toMatchObject({ prompt: 30 });
    expect(prices.priceOf('gpt-4ox')).toEqual(FALLBACK_PRICE);
  });

  it('parley.yaml overrides win, and `default` prices unknown models', () => {
    const custom = new PriceList({
      'gpt-4o': { prompt: 1, completion: 2 },
      default: { prompt: 3, completion: 4 },
    });
    expect(custom.priceOf('gpt-4o-2024-08-06')).toEqual({ prompt: 1, completion: 2 });
    expect(custom.priceOf('llama3.1:8b')).toEqual({ prompt: 3, completion: 4 });
    expect(prices.priceOf('llama3.1:8b')).toEqual(FALLBACK_PRICE);
  });
});
