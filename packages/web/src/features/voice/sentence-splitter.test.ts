import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_CHARS, SentenceSplitter } from './sentence-splitter';

/** Feeds the text as a stream would, a few characters at a time; answers every sentence in order. */
function streamed(text: string, step = 3): string[] {
  const splitter = new SentenceSplitter();
  const out: string[] = [];
  for (let end = step; end < text.length; end += step) out.push(...splitter.next(text.slice(0, end)));
  out.push(...splitter.finish(text));
  return out;
}

describe('the sentence splitter', () => {
  it('answers each sentence once it is complete, the last one when the text is final', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.next('Hello there')).toEqual([]);
    expect(splitter.next('Hello there.')).toEqual([]);
    expect(splitter.next('Hello there. How')).toEqual(['Hello there.']);
    expect(splitter.next('Hello there. How are you? I am')).toEqual(['How are you?']);
    expect(splitter.finish('Hello there. How are you? I am fine')).toEqual(['I am fine']);
  });

  it('gives the same sentences however the text arrives', () => {
    const text = 'One! Two? Three… Four. "Five," she said. (Six.) **Seven.** Eight';
    const expected = ['One!', 'Two?', 'Three…', 'Four.', '"Five," she said.', '(Six.)', 'Seven.', 'Eight'];
    expect(streamed(text, 1)).toEqual(expected);
    expect(streamed(text, 7)).toEqual(expected);
    expect(new SentenceSplitter().finish(text)).toEqual(expected);
  });

  it('does not end a sentence at an abbreviation, an initial, a decimal or a list number', () => {
    expect(
      streamed('Dr. Smith paid 3.50 dollars, e.g. for J. R. R. Tolkien at example.com today. Then he left.'),
    ).toEqual([
      'Dr. Smith paid 3.50 dollars, e.g. for J. R. R. Tolkien at example.com today.',
      'Then he left.',
    ]);
    expect(streamed('Steps:\n1. Open the box.\n2. Take it out.')).toEqual([
      'Steps:',
      'Open the box.',
      'Take it out.',
    ]);
  });

  it('waits for a mark at the very end: it may be a decimal point', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.next('It costs 3.')).toEqual([]);
    expect(splitter.next('It costs 3.5 euros. Ok')).toEqual(['It costs 3.5 euros.']);
  });

  it('skips code blocks, waiting while one is open, and flattens markdown', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.next('Run this:\n```ts\nconst a = 1. b;\n')).toEqual(['Run this:']);
    expect(splitter.next('Run this:\n```ts\nconst a = 1. b;\n```\nThen call')).toEqual([]);
    expect(
      splitter.finish('Run this:\n```ts\nconst a = 1. b;\n```\nThen call `go()` [here](https://x.y).'),
    ).toEqual(['Then call go() here.']);
    expect(streamed('# Title\n\nSome **bold** text. ![img](a.png)\n| a | b |\n- item one')).toEqual([
      'Title',
      'Some bold text.',
      'a b',
      'item one',
    ]);
    expect(new SentenceSplitter().finish('Look:\n```\nunfinished code. more')).toEqual(['Look:']);
  });

  it('cuts a long run without punctuation at a space before the limit', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const pieces = streamed(words, 5);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
      expect(piece).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(pieces.join(' ')).toBe(words);
    const noSpaces = 'x'.repeat(MAX_SENTENCE_CHARS * 2 + 10);
    expect(new SentenceSplitter().finish(noSpaces).join('')).toBe(noSpaces);
  });

  it('says nothing for pieces without words and survives a shorter text', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.finish('--- \n***\n')).toEqual([]);
    const again = new SentenceSplitter();
    expect(again.next('A long first try. Yes')).toEqual(['A long first try.']);
    expect(again.next('Short. And')).toEqual([]);
  });
});
