import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, isStorableText, toStorable, toWellFormed } from './text-safety.ts';

describe('text the database can store', () => {
  it('finds lone surrogates but not pairs', () => {
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('a\udc00b')).toBe(true);
    expect(hasLoneSurrogate('\udc00\ud800')).toBe(true);
    expect(hasLoneSurrogate('😀 ok')).toBe(false);
    expect(toWellFormed('a\ud800b😀\udfff')).toBe('a\uFFFDb😀\uFFFD');
    expect(isStorableText('x\u0000')).toBe(false);
    expect(isStorableText('😀')).toBe(true);
  });

  it('cleans strings and keys at any depth, keeping other values', () => {
    const at = new Date(0);
    let deep: unknown = 'leaf\u0000';
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    const input = { '\u0000k': 1, [`s\ud800`]: ['x\u0000y', { t: 'q\udc00' }], at, n: null, deep };
    const out = toStorable(input);
    expect(out).toMatchObject({ k: 1, 's\uFFFD': ['xy', { t: 'q\uFFFD' }], n: null });
    expect(out.at).toBe(at);
    let leaf: unknown = out.deep;
    while (typeof leaf === 'object') leaf = (leaf as { a: unknown }).a;
    expect(leaf).toBe('leaf');
    expect(input['\u0000k']).toBe(1);
  });
});
