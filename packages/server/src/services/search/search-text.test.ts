import { describe, expect, it } from 'vitest';
import { wordBeingTyped } from './search-text.ts';

describe('wordBeingTyped', () => {
  it('is the last word, with what comes before it', () => {
    expect(wordBeingTyped('sto')).toEqual({ before: '', word: 'sto' });
    expect(wordBeingTyped('river sto')).toEqual({ before: 'river ', word: 'sto' });
    expect(wordBeingTyped('"old river" ca')).toEqual({ before: '"old river" ', word: 'ca' });
    expect(wordBeingTyped('café crème')).toEqual({ before: 'café ', word: 'crème' });
  });

  it('is none inside an open phrase, in an exclusion, after or, or after punctuation', () => {
    expect(wordBeingTyped('"old riv')).toBeUndefined();
    expect(wordBeingTyped('"old river"')).toBeUndefined();
    expect(wordBeingTyped('water -riv')).toBeUndefined();
    expect(wordBeingTyped('water or riv')).toBeUndefined();
    expect(wordBeingTyped('water OR')).toBeUndefined();
    expect(wordBeingTyped('co-op')).toBeUndefined();
    expect(wordBeingTyped("it's")).toBeUndefined();
  });
});
