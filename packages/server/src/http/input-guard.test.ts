import { describe, expect, it } from 'vitest';
import { containsNul, repairLoneSurrogates } from './input-guard.ts';

describe('containsNul', () => {
  it('finds U+0000 in nested values and keys', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul('\u0000')).toBe(true);
  });

  it('passes clean input of any shape, however deep', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(containsNul(deep)).toBe(false);
    expect(containsNul(null)).toBe(false);
    expect(containsNul(undefined)).toBe(false);
    expect(containsNul([1, true, 'ok', { x: 'y' }])).toBe(false);
  });
});

describe('repairLoneSurrogates', () => {
  it('replaces lone surrogates in values and keys in place, leaving pairs', () => {
    const body = { a: ['x\ud800', { b: 'ok 😀' }], ['k\udc00']: 'v' } as Record<string, unknown>;
    expect(repairLoneSurrogates(body)).toBe(body);
    expect(body).toEqual({ a: ['x\uFFFD', { b: 'ok 😀' }], 'k\uFFFD': 'v' });
    expect(repairLoneSurrogates('\ud800')).toBe('\uFFFD');
    expect(repairLoneSurrogates(null)).toBe(null);
  });
});
