import { describe, expect, it } from 'vitest';
import { retrievalCorpus, withTypo, type FormatWriters } from './retrieval-corpus.ts';

/** Writers that keep the text readable, so the test can look for sentences in it. */
const asText = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts));
const WRITERS: FormatWriters = {
  pdf: asText,
  docx: asText,
  xlsx: asText,
  pptx: asText,
  odt: asText,
  ods: asText,
  odp: asText,
  epub: asText,
  rtf: asText,
};

/** Content words as the benchmark's search would compare them, roughly: lower case, no short words. */
const contentWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 3 || /\d/.test(w)));

describe('the generated retrieval set', () => {
  const set = retrievalCorpus(WRITERS);

  it('is at least 300 documents in every readable format and 150 questions', () => {
    expect(set.documents.length).toBeGreaterThanOrEqual(300);
    expect(new Set(set.documents.map((d) => d.type)).size).toBe(18);
    expect(new Set(set.documents.map((d) => d.name)).size).toBe(set.documents.length);
    expect(set.questions.length).toBeGreaterThanOrEqual(150);
  });

  it('mixes the kinds of question the benchmark promises', () => {
    const share = (kinds: string[]) =>
      set.questions.filter((q) => kinds.includes(q.kind)).length / set.questions.length;
    expect(share(['paraphrase'])).toBeGreaterThanOrEqual(1 / 3);
    expect(share(['typo'])).toBeGreaterThanOrEqual(1 / 5);
    expect(share(['number', 'inflection'])).toBeGreaterThanOrEqual(1 / 5);
  });

  it("puts each answer sentence in its document, and paraphrases share none of that sentence's words", () => {
    const byName = new Map(set.documents.map((d) => [d.name, d.bytes.toString()]));
    for (const q of set.questions) {
      expect(byName.get(q.document)).toContain(q.passage);
      if (q.kind !== 'paraphrase') continue;
      const passage = contentWords(q.passage);
      expect(
        [...contentWords(q.question)].filter((w) => passage.has(w)),
        q.question,
      ).toEqual([]);
    }
  });

  it('is the same set on every run', () => {
    const again = retrievalCorpus(WRITERS);
    expect(again.questions).toEqual(set.questions);
    expect(again.documents.map((d) => d.bytes.toString('base64'))).toEqual(
      set.documents.map((d) => d.bytes.toString('base64')),
    );
  });

  it('makes a typo by swapping two letters of the longest word', () => {
    expect(withTypo('How many zebras at Coldharbour')).toBe('How many zebras at Coldahrbour');
    expect(withTypo('a b c')).toBe('a b c');
  });
});
