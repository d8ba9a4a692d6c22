import { describe, expect, it } from 'vitest';
import { countTokens, tokenize } from './tokenize.ts';

describe('tokenize', () => {
  it('splits into words with their trailing whitespace and punctuation pieces', () => {
    expect(tokenize('Hello, world!  Bye.\n')).toEqual(['Hello', ', ', 'world', '!  ', 'Bye', '.\n']);
  });

  it('always concatenates back to the input', () => {
    const samples = [
      '',
      '   leading spaces',
      '\n\nnewlines first',
      'trailing   ',
      '```ts\nconst x = 1;\n```',
      'naïve café — déjà vu',
      '日本語のテキストです',
      'a'.repeat(50),
      'emoji 🎉🎉 done',
      '$$\\frac{a}{b}$$',
    ];
    for (const text of samples) expect(tokenize(text).join('')).toBe(text);
  });

  it('paces long words and CJK text in several pieces', () => {
    expect(countTokens('x'.repeat(40))).toBe(3);
    expect(countTokens('日本語')).toBe(3);
  });

  it('counts nothing for empty text', () => {
    expect(countTokens('')).toBe(0);
  });
});
