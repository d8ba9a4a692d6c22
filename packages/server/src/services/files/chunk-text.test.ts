import { describe, expect, it } from 'vitest';
import { chunkSpans, chunkText, pageAt } from './chunk-text.ts';

describe('chunkText', () => {
  it('keeps a short text whole and drops blank text', () => {
    expect(chunkText('One short note.')).toEqual(['One short note.']);
    expect(chunkText('  \n\n  ')).toEqual([]);
  });

  it('cuts long text at word borders within the size, overlapping neighbours', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkText(words, 200, 40);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(200);
      expect(chunk).toMatch(/^(\S*\d|word\d+)( word\d+)*$/);
    }
    // Every word is in some chunk, and the chunks follow the text's order.
    for (let i = 0; i < 400; i++) expect(chunks.some((c) => c.split(' ').includes(`word${i}`))).toBe(true);
    expect(chunks.at(-1)).toContain('word399');
  });

  it('cuts text without spaces at the size', () => {
    const chunks = chunkText('x'.repeat(1000), 300, 50);
    expect(chunks.every((c) => c.length <= 300)).toBe(true);
    expect(chunks.join('').length).toBeGreaterThanOrEqual(1000);
  });
});

describe('chunkSpans and pageAt', () => {
  it('gives each chunk the offset of its first character', () => {
    const text = '  alpha beta\n\ngamma delta epsilon zeta eta theta';
    for (const { text: chunk, start } of chunkSpans(text, 20, 5)) {
      expect(text.slice(start, start + chunk.length)).toBe(chunk);
    }
  });

  it('finds the page an offset falls on', () => {
    const starts = [0, 10, 25];
    expect([0, 9, 10, 24, 25, 1000].map((offset) => pageAt(starts, offset))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(pageAt([0], 5)).toBe(1);
  });
});
