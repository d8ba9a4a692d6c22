import { describe, expect, it } from 'vitest';
import { questionOf } from './file-search.ts';

describe('the file-search model’s query', () => {
  it('is the question without the documents the message carries', () => {
    const text =
      '<document name="a.pdf" given="full text">\n[page 1]\nLong text about zebras…\n</document>\n' +
      '<document name="b.txt" given="3 passages">x</document>\nHow many zebras did the herd count?';
    expect(questionOf(text)).toBe('How many zebras did the herd count?');
  });

  it('is the whole message when it carries no document', () => {
    expect(questionOf('  where is the  ledger? ')).toBe('where is the ledger?');
  });
});
