import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docxBomb,
  docxDocument,
  epubDocument,
  odfDocument,
  pdfBomb,
  pdfDocument,
  pptxDocument,
  rtfDocument,
  xlsxDocument,
  zipArchive,
} from '../../../test/files/document-fixtures.ts';
import {
  DEFAULT_EXTRACT_LIMITS,
  DocumentUnreadable,
  extractDocumentText,
  type ExtractedKind,
} from './document-extract.ts';

describe('extractDocumentText (the document thread)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-extract-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  let n = 0;
  async function extract(bytes: Buffer, kind: ExtractedKind, limits = DEFAULT_EXTRACT_LIMITS) {
    const path = join(dir, `doc-${n++}`);
    await writeFile(path, bytes);
    return extractDocumentText(path, kind, bytes.length, limits);
  }
  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'read',
      (err: unknown) => (err instanceof DocumentUnreadable ? err.reason : `other: ${String(err)}`),
    );

  it('reads the text of every page of a PDF, in order', async () => {
    const out = await extract(
      pdfDocument(['The lighthouse keeper logs the fog.\nSecond line here.', 'Page two talks about gulls.']),
      'pdf',
    );
    expect(out.pages).toBe(2);
    expect(out.truncated).toBe(false);
    expect(out.text).toMatch(
      /lighthouse keeper logs the fog\.\s*Second line here\.\s+Page two talks about gulls\./,
    );
  });

  it('reads the paragraphs of a DOCX', async () => {
    const out = await extract(
      docxDocument(['Minutes of the harbour board.', 'Dredging starts in May.']),
      'docx',
    );
    expect(out.text).toBe('Minutes of the harbour board.\n\nDredging starts in May.');
  });

  it('refuses a corrupt PDF, a truncated one and bytes that are not a PDF at all', async () => {
    const good = pdfDocument(['Some text that will be cut.']);
    expect(await reasonOf(extract(Buffer.from('%PDF-1.7\n%garbage garbage garbage\n'), 'pdf'))).toBe(
      'corrupt',
    );
    expect(await reasonOf(extract(good.subarray(0, 40), 'pdf'))).toBe('corrupt');
    expect(await reasonOf(extract(Buffer.from('hello, I am plain text'), 'pdf'))).toBe('corrupt');
  });

  it('refuses an encrypted PDF with a message that says why', async () => {
    const err = await extract(pdfDocument(['secret'], { encrypted: true }), 'pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentUnreadable);
    expect((err as DocumentUnreadable).reason).toBe('encrypted');
    expect((err as DocumentUnreadable).message).toMatch(/password-protected/);
  });

  it('reads only the first pages of a PDF with thousands of them, within the time limit', async () => {
    const pages = Array.from({ length: 5000 }, (_, i) => `Page number ${i + 1} of the long manual.`);
    const started = Date.now();
    const out = await extract(pdfDocument(pages), 'pdf', { ...DEFAULT_EXTRACT_LIMITS, maxPages: 300 });
    expect(out.pages).toBe(5000);
    expect(out.truncated).toBe(true);
    expect(out.text).toContain('Page number 300 of');
    expect(out.text).not.toContain('Page number 301 of');
    expect(Date.now() - started).toBeLessThan(DEFAULT_EXTRACT_LIMITS.timeoutMs);
  }, 90_000);

  it('stops a read that overruns its time and ends its thread', async () => {
    const pages = Array.from({ length: 3000 }, (_, i) => `Page ${i}`);
    expect(
      await reasonOf(extract(pdfDocument(pages), 'pdf', { ...DEFAULT_EXTRACT_LIMITS, timeoutMs: 50 })),
    ).toBe('timeout');
  });

  it('keeps at most maxChars characters', async () => {
    const out = await extract(docxDocument(['x'.repeat(5000)]), 'docx', {
      ...DEFAULT_EXTRACT_LIMITS,
      maxChars: 1000,
    });
    expect(out.text).toHaveLength(1000);
    expect(out.truncated).toBe(true);
  });

  it('refuses a DOCX zip bomb before mammoth inflates it', async () => {
    const bomb = docxBomb(70);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await extract(bomb, 'docx').catch((e: unknown) => e);
    expect((err as DocumentUnreadable).reason).toBe('bomb');
    expect((err as DocumentUnreadable).message).toMatch(/expands to more than 64 MB/);
  });

  it('refuses a DOCX with too many parts, a zip that is no Word document and bytes that are no zip', async () => {
    const many = zipArchive(
      Array.from({ length: 50 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('<a/>') })),
    );
    expect(await reasonOf(extract(many, 'docx', { ...DEFAULT_EXTRACT_LIMITS, maxEntries: 10 }))).toBe('bomb');
    const notWord = zipArchive([{ name: 'readme.txt', data: Buffer.from('just a zip') }]);
    expect(await reasonOf(extract(notWord, 'docx'))).toBe('corrupt');
    expect(await reasonOf(extract(Buffer.from('PK\u0003\u0004 not really a zip'), 'docx'))).toBe('corrupt');
  });

  it("reads an XLSX sheet by sheet in the workbook's order, each row a line of tab-separated values", async () => {
    const out = await extract(
      xlsxDocument([
        {
          name: 'Tides & times',
          rows: [
            ['Harbour', 'High tide', 'Open'],
            ['Brest <north>', 6.25, true],
            [{ inline: 'Roscoff' }, { formula: 'B2+1', cached: 7.25 }, false],
          ],
        },
        { name: 'Notes', rows: [['Harbour'], [], ['Dredging in May']] },
      ]),
      'xlsx',
    );
    expect(out.truncated).toBe(false);
    expect(out.text).toBe(
      '# Sheet: Tides & times\nHarbour\tHigh tide\tOpen\nBrest <north>\t6.25\tTRUE\nRoscoff\t7.25\tFALSE\n\n' +
        '# Sheet: Notes\nHarbour\nDredging in May',
    );
  });

  it("reads a PPTX slide by slide in the deck's order, with speaker notes", async () => {
    const out = await extract(
      pptxDocument([
        { paragraphs: [['Quarterly ', 'review'], ['Fish & chips sales']], notes: 'Mention the gulls.' },
        { paragraphs: [['Second slide']] },
      ]),
      'pptx',
    );
    expect(out.text).toBe(
      '# Slide 1\nQuarterly review\nFish & chips sales\nNotes: Mention the gulls.\n\n# Slide 2\nSecond slide',
    );
  });

  it('keeps at most maxChars characters of a spreadsheet and of a deck', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`Row ${i} of the ledger`, i]);
    const sheet = await extract(xlsxDocument([{ name: 'Ledger', rows }]), 'xlsx', {
      ...DEFAULT_EXTRACT_LIMITS,
      maxChars: 1000,
    });
    expect(sheet.truncated).toBe(true);
    expect(sheet.text.length).toBeLessThanOrEqual(1000);
    expect(sheet.text).toContain('Row 0 of the ledger');
    expect(sheet.text).not.toContain('Row 399');
    const slides = Array.from({ length: 200 }, (_, i) => ({ paragraphs: [[`Slide text ${i}`]] }));
    const deck = await extract(pptxDocument(slides), 'pptx', { ...DEFAULT_EXTRACT_LIMITS, maxChars: 500 });
    expect(deck.truncated).toBe(true);
    expect(deck.text.length).toBeLessThanOrEqual(500);
    expect(deck.text).not.toContain('Slide text 199');
  });

  it('refuses an XLSX zip bomb, and office files that are damaged, of the other kind or no zip', async () => {
    const bomb = xlsxDocument([{ name: 'S', rows: [['tiny']] }], 70);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await extract(bomb, 'xlsx').catch((e: unknown) => e);
    expect((err as DocumentUnreadable).reason).toBe('bomb');
    expect((err as DocumentUnreadable).message).toMatch(/expands to more than 64 MB/);
    const many = zipArchive(
      Array.from({ length: 50 }, (_, i) => ({ name: `ppt/slides/slide${i}.xml`, data: Buffer.from('<a/>') })),
    );
    expect(await reasonOf(extract(many, 'pptx', { ...DEFAULT_EXTRACT_LIMITS, maxEntries: 10 }))).toBe('bomb');
    const deck = pptxDocument([{ paragraphs: [['A slide']] }]);
    expect(await reasonOf(extract(deck, 'xlsx'))).toBe('corrupt');
    expect(await reasonOf(extract(xlsxDocument([{ name: 'S', rows: [['x']] }]), 'pptx'))).toBe('corrupt');
    expect(await reasonOf(extract(deck.subarray(0, deck.length - 30), 'pptx'))).toBe('corrupt');
    expect(await reasonOf(extract(Buffer.from('PK\u0003\u0004 not really a zip'), 'xlsx'))).toBe('corrupt');
  });

  it('reads the paragraphs of an ODT, the rows of an ODS and the slides and notes of an ODP', async () => {
    const odt = await extract(
      odfDocument(
        'text',
        '<text:h text:outline-level="1">Harbour &amp; docks</text:h>' +
          '<text:p>Tide<text:s text:c="2"/>tables<text:tab/>for <text:span>May</text:span>.<text:note><text:note-body><text:p>a footnote</text:p></text:note-body></text:note></text:p>' +
          '<text:p/><text:p>Second<text:line-break/>line</text:p>',
      ),
      'odt',
    );
    expect(odt.text).toBe('Harbour & docks\nTide  tables\tfor May.\nSecond\nline');
    const ods = await extract(
      odfDocument(
        'spreadsheet',
        '<table:table table:name="Berths"><table:table-row><table:table-cell><text:p>B7</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell>' +
          '<table:table-cell table:number-columns-repeated="16000"/></table:table-row>' +
          '<table:table-row table:number-rows-repeated="1000"><table:table-cell table:number-columns-repeated="16000"/></table:table-row></table:table>',
      ),
      'ods',
    );
    expect(ods.text).toBe('# Sheet: Berths\nB7\t12');
    const odp = await extract(
      odfDocument(
        'presentation',
        '<draw:page draw:name="p1"><draw:frame><draw:text-box><text:p>Breakwater works</text:p></draw:text-box></draw:frame>' +
          '<presentation:notes><draw:frame><draw:text-box><text:p>Granite by barge.</text:p></draw:text-box></draw:frame></presentation:notes></draw:page>' +
          '<draw:page draw:name="p2"><draw:frame><draw:text-box><text:p>Second slide</text:p></draw:text-box></draw:frame></draw:page>',
      ),
      'odp',
    );
    expect(odp.text).toBe('# Slide 1\nBreakwater works\nNotes: Granite by barge.\n\n# Slide 2\nSecond slide');
  });

  it('reads an EPUB’s chapters in spine order, without its head or styles', async () => {
    const out = await extract(
      epubDocument([
        { title: 'Chapter One', paragraphs: ['The keeper lit the lamp.', 'Fog & rain.'] },
        { title: 'Chapter Two', paragraphs: ['Morning came.'] },
      ]),
      'epub',
    );
    expect(out.text).toBe('Chapter One\nThe keeper lit the lamp.\nFog & rain.\n\nChapter Two\nMorning came.');
  });

  it('reads an RTF’s paragraphs and escapes, skipping its tables, info and ignorable groups', async () => {
    const out = await extract(rtfDocument(['Café {menu} \\ prices', 'Otter 🦦 and 議事録']), 'rtf');
    expect(out.text).toBe('Café {menu} \\ prices\nOtter 🦦 and 議事録');
    expect(out.text).not.toMatch(/Helvetica|Hidden title|Fixture 1\.0/);
    const field = Buffer.from(
      '{\\rtf1\\ansi{\\field{\\*\\fldinst HYPERLINK "https://x.test"}{\\fldrslt the link}}\\par{\\pict\\pngblip 89504e47}Tail\\tab end\\line next}',
    );
    expect((await extract(field, 'rtf')).text).toBe('the link\nTail\tend\nnext');
    expect(await reasonOf(extract(Buffer.from('plain text, not rtf'), 'rtf'))).toBe('corrupt');
  });

  it('refuses an ODT zip bomb and a zip that is no OpenDocument or EPUB', async () => {
    const bomb = zipArchive([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), stored: true },
      { name: 'content.xml', data: Buffer.alloc(70 * 1024 * 1024, 0x20) },
    ]);
    expect(await reasonOf(extract(bomb, 'odt'))).toBe('bomb');
    const plain = zipArchive([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect(await reasonOf(extract(plain, 'ods'))).toBe('corrupt');
    expect(await reasonOf(extract(plain, 'epub'))).toBe('corrupt');
  });

  it('refuses a PDF whose stream unpacks past the bound, however small its heap use', async () => {
    const err = await extract(await pdfBomb(96), 'pdf', {
      ...DEFAULT_EXTRACT_LIMITS,
      maxUnpackedBytes: 16 * 1024 * 1024,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentUnreadable);
    expect((err as DocumentUnreadable).reason).toBe('bomb');
    expect((err as DocumentUnreadable).message).toBe(
      'The document is too large when unpacked (more than 16 MB).',
    );
  });

  it('refuses a file over the input limit without starting a thread', async () => {
    await expect(
      extractDocumentText('/nonexistent', 'pdf', DEFAULT_EXTRACT_LIMITS.maxInputBytes + 1),
    ).rejects.toMatchObject({ reason: 'too_large' });
  });
});
