import { describe, expect, it } from 'vitest';
import { fuzzyWords } from './fuzzy-text.ts';

describe('fuzzyWords', () => {
  it('keeps the words of three letters or more, lowercased', () => {
    expect(fuzzyWords('Lisbn')).toEqual(['lisbn']);
    expect(fuzzyWords('trip to co-op café')).toEqual(['trip', 'café']);
  });

  it('is none for too few letters or nothing but syntax', () => {
    expect(fuzzyWords('lsb')).toBeUndefined();
    expect(fuzzyWords('a b c')).toBeUndefined();
    expect(fuzzyWords('the sea')).toBeUndefined();
  });

  it('is none when the search asks for exact matches (phrase, or, exclusion)', () => {
    expect(fuzzyWords('"old lisbn"')).toBeUndefined();
    expect(fuzzyWords('lisbn or porto')).toBeUndefined();
    expect(fuzzyWords('lisbn -madrid')).toBeUndefined();
  });
});
