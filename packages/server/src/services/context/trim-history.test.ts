import { countTokens as countO200k } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import type { ProviderMessage } from '../providers/provider.ts';
import { isOpenAIModel, knownContextWindow } from './context-window.ts';
import { countTokensBounded, EXACT_BUDGET, RUN_LIMIT, RUN_SAMPLE } from './bounded-token-count.mjs';
import {
  countTextTokens,
  countTokensOf,
  INLINE_CHARS,
  NON_OPENAI_MARGIN,
  tokenCounter,
} from './token-count.ts';
import { promptBudget, trimHistory } from './trim-history.ts';

const words = (n: number, word = 'apple') => Array.from({ length: n }, () => word).join(' ');
const conversation = (turns: number, size: number): ProviderMessage[] => [
  { role: 'system', content: 'Be brief.' },
  ...Array.from({ length: turns }, (_, i) => [
    { role: 'user' as const, content: `question ${i} ${words(size)}` },
    { role: 'assistant' as const, content: `answer ${i} ${words(size)}` },
  ]).flat(),
  { role: 'user', content: `newest ${words(size)}` },
];

describe('token counts', () => {
  it('counts with OpenAI’s encoding, plain text even with special-token markers', () => {
    expect(countTextTokens('')).toBe(0);
    expect(countTextTokens('hello world')).toBe(2);
    expect(countTextTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('adds a 10% margin for models that are not OpenAI’s', async () => {
    const m = { role: 'user' as const, content: words(100) };
    const [exact] = await tokenCounter(true).messages([m]);
    expect(await tokenCounter(false).messages([m])).toEqual([Math.ceil(exact! * NON_OPENAI_MARGIN)]);
    expect(isOpenAIModel('gpt-4o-mini')).toBe(true);
    expect(isOpenAIModel('o3-mini')).toBe(true);
    expect(isOpenAIModel('claude-3-5-sonnet-latest')).toBe(false);
    expect(isOpenAIModel('gemini-1.5-flash-latest')).toBe(false);
  });

  it('knows the windows of common models, and none of unknown ones', () => {
    expect(knownContextWindow('gpt-4o-mini')).toBe(128_000);
    expect(knownContextWindow('claude-3-5-sonnet-latest')).toBe(200_000);
    expect(knownContextWindow('gemini-1.5-flash-latest')).toBe(1_048_576);
    expect(knownContextWindow('gpt-4')).toBe(8_192);
    expect(knownContextWindow('echo')).toBeUndefined();
    expect(promptBudget({ model: 'gpt-4', maxOutputTokens: 1000 })).toBe(7_192);
    expect(promptBudget({ model: 'gpt-4', maxContextTokens: 500 })).toBe(500);
    expect(promptBudget({ model: 'echo' })).toBeUndefined();
  });
});

describe('trimHistory', () => {
  it('leaves a conversation that fits alone', async () => {
    const messages = conversation(3, 10);
    expect(await trimHistory(messages, { model: 'echo', maxContextTokens: 10_000 })).toMatchObject({
      messages,
      dropped: 0,
    });
    expect((await trimHistory(messages, { model: 'echo' })).dropped).toBe(0);
  });

  it('drops the oldest turns first, keeping the instructions and the newest user message', async () => {
    const messages = conversation(5, 50);
    const result = await trimHistory(messages, { model: 'gpt-4o', maxContextTokens: 250, exact: true });
    expect(result.tokens).toBeLessThanOrEqual(250);
    expect(result.messages[0]).toEqual(messages[0]);
    expect(result.messages.at(-1)).toEqual(messages.at(-1));
    // What remains is the newest part of the history, opening with a user turn.
    const kept = result.messages.slice(1);
    expect(kept[0]!.role).toBe('user');
    expect(messages.slice(-kept.length)).toEqual(kept);
    expect(result.dropped).toBe(messages.length - result.messages.length);
    expect(result.dropped).toBeGreaterThan(0);
  });

  it('never drops the instructions or the newest user message, even when they alone are too long', async () => {
    const messages = conversation(2, 200);
    const result = await trimHistory(messages, { model: 'gpt-4o', maxContextTokens: 10, exact: true });
    expect(result.messages).toEqual([messages[0], messages.at(-1)]);
  });

  it('counts non-OpenAI models with the margin, so they are trimmed sooner', async () => {
    const messages = conversation(4, 40);
    const exact = await trimHistory(messages, { model: 'gpt-4o', maxContextTokens: 330 });
    const margin = await trimHistory(messages, { model: 'claude-3-5-sonnet', maxContextTokens: 330 });
    expect(margin.messages.length).toBeLessThan(exact.messages.length);
  });
});

describe('bounded token counting', () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  const randomWord = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[(i * 7919 + ((i * i) % 31)) % alphabet.length];
    return s;
  };

  it('counts ordinary text exactly', () => {
    const prose = words(2000, 'pear') + ' <|endoftext|>';
    expect(countTextTokens(prose)).toBe(countO200k(prose, { disallowedSpecial: new Set() }));
  });

  it('cuts a long word into bounded pieces whose count stays close to the exact one', () => {
    const word = randomWord(3000);
    const exact = countO200k(word, { disallowedSpecial: new Set() });
    expect(Math.abs(countTextTokens(word) - exact) / exact).toBeLessThan(0.05);
    expect(countTextTokens('A'.repeat(3000))).toBeGreaterThan(0);
  });

  it('encodes at most the exact budget of characters, however long the text', () => {
    const encoded: number[] = [];
    const encode = (text: string) => {
      encoded.push(text.length);
      return Math.ceil(text.length / 4);
    };
    const counted = countTokensBounded(randomWord(2_000_000), encode);
    expect(Math.max(...encoded)).toBeLessThanOrEqual(RUN_LIMIT);
    expect(encoded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RUN_SAMPLE);
    expect(counted).toBe(500_000);
    encoded.length = 0;
    const many = Array.from({ length: 40_000 }, (_, i) => `w${i}${'x'.repeat(150)}`).join(' ');
    expect(countTokensBounded(many, encode)).toBeGreaterThan(many.length / 5);
    expect(encoded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(EXACT_BUDGET);
    expect(Math.max(...encoded)).toBeLessThanOrEqual(RUN_LIMIT);
  });

  it('counts long texts on the token-count thread with the same result', async () => {
    const text = `${words(3000, 'plum')} ${randomWord(200_000)}`;
    expect(text.length).toBeGreaterThan(INLINE_CHARS);
    const [threaded] = await countTokensOf([text]);
    expect(threaded).toBe(countTextTokens(text));
  });
});
