import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.ts';

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
