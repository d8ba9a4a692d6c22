import { describe, expect, it } from 'vitest';
import { normalizeLatex } from './latex';

describe('normalizeLatex', () => {
  it('turns bracket delimiters into dollar delimiters', () => {
    expect(normalizeLatex('a \\(x^2\\) b \\[y\\]')).toBe('a $x^2$ b $$y$$');
  });
  it('leaves code alone', () => {
    expect(normalizeLatex('`\\(x\\)` and ```\n\\[y\\]\n```')).toBe('`\\(x\\)` and ```\n\\[y\\]\n```');
  });
});
