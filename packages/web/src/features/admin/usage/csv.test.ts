import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });
  it('leaves numbers and plain text alone, quotes separators', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('gpt-4o')).toBe('gpt-4o');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(toCsv(['k', 'n'], [['x', 1]])).toBe('k,n\r\nx,1\r\n');
  });
});
