import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './export-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    const header = `attachment; filename="Caf_.md"; filename*=UTF-8''${encodeURIComponent('Café.md')}`;
    expect(fileNameFromDisposition(header, 'x', 'md')).toBe('Café.md');
  });
  it('falls back to the plain name', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.txt"', 'x', 'txt')).toBe('a b.txt');
  });
  it('builds a safe name from the title without a header', () => {
    expect(fileNameFromDisposition(null, 'a/b: c', 'json')).toBe('a_b_ c.json');
    expect(fileNameFromDisposition(null, '  ', 'json')).toBe('conversation.json');
  });
});
