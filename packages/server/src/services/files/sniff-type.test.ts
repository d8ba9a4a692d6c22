import { describe, expect, it } from 'vitest';
import { looksLikeText, SNIFF_BYTES, sniffType } from './sniff-type.ts';

describe('sniffType', () => {
  it('trusts the bytes over the name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await sniffType(png, 'notes.txt')).toBe('image/png');
    expect(await sniffType(Buffer.from('%PDF-1.7\n'), 'a.png')).toBe('application/pdf');
  });

  it('takes a text type from the extension only for text bytes', async () => {
    expect(await sniffType(Buffer.from('print(1)\n'), 'a.py')).toBe('text/x-python');
    expect(await sniffType(Buffer.from('plain'), 'a.png')).toBe('text/plain');
    expect(await sniffType(Buffer.from([0, 1, 2, 250]), 'a.txt')).toBeNull();
  });

  it('accepts UTF-8 cut in the middle of a character at the end of the sample', () => {
    const text = Buffer.from('héllo wörld €');
    expect(looksLikeText(text.subarray(0, text.length - 1))).toBe(true);
    expect(looksLikeText(Buffer.from([0xc3, 0x28, 0x41, 0x42]))).toBe(false);
  });
});

describe('sniffType for the zipped and RTF documents that are read', () => {
  it('knows an ODT, ODS, ODP, EPUB and RTF by their bytes, and a zip that hides its type by its name', async () => {
    const { epubDocument, odfDocument, rtfDocument, zipArchive } =
      await import('../../../test/files/document-fixtures.ts');
    const head = (b: Buffer) => b.subarray(0, SNIFF_BYTES);
    for (const kind of ['text', 'spreadsheet', 'presentation'] as const)
      expect(await sniffType(head(odfDocument(kind, '')), 'any.bin')).toBe(
        `application/vnd.oasis.opendocument.${kind}`,
      );
    expect(await sniffType(head(epubDocument([{ title: 'T', paragraphs: [] }])), 'b.bin')).toBe(
      'application/epub+zip',
    );
    expect(await sniffType(head(rtfDocument(['x'])), 'notes.txt')).toBe('application/rtf');
    const unmarked = zipArchive([{ name: 'content.xml', data: Buffer.from('<x/>') }]);
    expect(await sniffType(head(unmarked), 'sheet.ods')).toBe(
      'application/vnd.oasis.opendocument.spreadsheet',
    );
    expect(await sniffType(head(unmarked), 'book.epub')).toBe('application/epub+zip');
    expect(await sniffType(head(unmarked), 'archive.zip')).toBe('application/zip');
  });
});
