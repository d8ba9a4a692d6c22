import { describe, expect, it } from 'vitest';
import { citedNumbers, markCitations } from './citations';

const known = new Set([1, 2, 3]);

describe('markCitations', () => {
  it('turns a marker naming a known source into a #cite link', () => {
    expect(markCitations('Otters float [1].', known)).toBe('Otters float [[1]](#cite-1).');
  });

  it('joins a run of markers into one link that cites each source once', () => {
    expect(markCitations('Seen twice [1][2][1].', known)).toBe('Seen twice [[1, 2]](#cite-1-2).');
    expect(markCitations('Also [2, 3].', known)).toBe('Also [[2, 3]](#cite-2-3).');
  });

  it('keeps unknown numbers as text and drops them from a mixed run', () => {
    expect(markCitations('None [9].', known)).toBe('None [9].');
    expect(markCitations('Mixed [1][9].', known)).toBe('Mixed [[1]](#cite-1).');
  });

  it('leaves code, links the model wrote, reference definitions and linked markers alone', () => {
    const text = 'Use `a[1]` and\n```\nx[2]\n```\n[3](https://e.example) [1]: note [[2]](https://w.example)';
    expect(markCitations(text, known)).toBe(text);
  });

  it('changes nothing when there are no sources', () => {
    expect(markCitations('Plain [1].', new Set())).toBe('Plain [1].');
  });
});

describe('citedNumbers', () => {
  it('reads the numbers of a citation link and nothing else', () => {
    expect(citedNumbers('#cite-1-2')).toEqual([1, 2]);
    expect(citedNumbers('#cite-')).toBeNull();
    expect(citedNumbers('#cite-1-x')).toBeNull();
    expect(citedNumbers('https://e.example/#cite-1')).toBeNull();
    expect(citedNumbers(undefined)).toBeNull();
  });
});
