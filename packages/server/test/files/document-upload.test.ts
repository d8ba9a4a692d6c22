import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, files } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import {
  docxBomb,
  docxDocument,
  pdfBomb,
  pdfDocument,
  pptxDocument,
  xlsxDocument,
  zipArchive,
} from './document-fixtures.ts';
import { jsonOf, runFileSearch, storedBlobs, uploadFile } from './file-fixtures.ts';

describe('PDF, DOCX, XLSX and PPTX uploads: text read for file search, hostile files refused', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '1000' } });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const rows = async () =>
    (await server.ctx.db.select({ n: count() }).from(files).where(eq(files.userId, ann.id)))[0]!.n;
  const chunksOf = async (fileId: string) =>
    (await server.ctx.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileId, fileId)))[0]!.n;
  const search = async (conversationId: string, query: string) =>
    (
      await runFileSearch<{
        results: { filename: string; content: string; page?: number; last_page?: number }[];
      }>(server, ann.id, conversationId, query)
    ).results;

  /** A refused upload answers 400 with `message` and leaves no row and no blob behind. */
  async function expectRefused(res: Response, message: RegExp) {
    const before = { rows: await rows(), blobs: storedBlobs(server).length };
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).message).toMatch(message);
    expect(await rows()).toBe(before.rows);
    expect(storedBlobs(server)).toHaveLength(before.blobs);
  }

  it('indexes a PDF and a DOCX on upload so file search finds their passages', async () => {
    const pdf = await jsonOf(
      await uploadFile(
        server,
        ann,
        pdfDocument(['Annual report of the lighthouse.', 'The lens was polished in March by the keeper.']),
        'report.pdf',
        { fields: { conversationId: 'conv-docs' } },
      ),
    );
    expect(pdf).toMatchObject({ type: 'application/pdf', embedded: true });
    expect(await chunksOf(pdf.file_id)).toBeGreaterThan(0);
    const docx = await jsonOf(
      await uploadFile(
        server,
        ann,
        docxDocument(['Harbour board minutes.', 'The dredger Calypso arrives in May.']),
        'minutes.docx',
        {
          fields: { conversationId: 'conv-docs' },
        },
      ),
    );
    expect(docx).toMatchObject({
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      embedded: true,
    });

    expect((await search('conv-docs', 'lens polished'))[0]).toMatchObject({ filename: 'report.pdf' });
    expect((await search('conv-docs', 'dredger Calypso'))[0]).toMatchObject({ filename: 'minutes.docx' });
  });

  it('remembers the page each PDF passage starts on, and file search gives it for citations', async () => {
    // Long pages, so chunks start on several of them; each page's marker word is its own.
    const filler = (n: number) =>
      Array.from({ length: 30 }, () => `Page ${n} routine entry about tides and lamp oil.`).join('\n');
    const pages = [1, 2, 3, 4, 5].map((n) =>
      n === 4
        ? `${filler(n)}\nThe albatross nested on the gallery rail.\n${filler(n)}`
        : `${filler(n)}\n${filler(n)}`,
    );
    const pdf = await jsonOf(
      await uploadFile(server, ann, pdfDocument(pages), 'log.pdf', {
        fields: { conversationId: 'conv-pages' },
      }),
    );
    const stored = await server.ctx.db
      .select({ page: fileChunks.page, lastPage: fileChunks.lastPage, text: fileChunks.text })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, pdf.file_id))
      .orderBy(fileChunks.position);
    expect(stored.length).toBeGreaterThan(3);
    // A chunk starts on its page: its first page marker is that page's, or the next page's when the
    // chunk starts in the last line of its page. Pages never go back.
    for (const chunk of stored) {
      const marker = Number(/Page (\d) /.exec(chunk.text)![1]);
      if (chunk.text.startsWith('Page ')) expect(marker).toBe(chunk.page);
      else expect([chunk.page, chunk.page! + 1]).toContain(marker);
    }
    expect(new Set(stored.map((c) => c.page)).size).toBeGreaterThan(3);
    expect(stored.map((c) => c.page)).toEqual([...stored.map((c) => c.page)].sort());
    expect(stored.at(-1)!.text).toContain('Page 5 ');
    const [hit] = await search('conv-pages', 'albatross gallery');
    // The passage is cited by the pages it spans, and they include page 4, where the albatross is.
    expect(hit).toMatchObject({ filename: 'log.pdf' });
    expect(hit!.content).toContain('albatross');
    expect(hit!.page).toBeLessThanOrEqual(4);
    expect(hit!.last_page ?? hit!.page).toBeGreaterThanOrEqual(4);
    expect((hit!.last_page ?? hit!.page)! - hit!.page!).toBeLessThanOrEqual(1);
    const single = stored.find((c) => c.page === c.lastPage);
    expect(single).toBeDefined();
    // A document without pages has no page in its results.
    await uploadFile(server, ann, 'The albatross left in June.', 'notes.txt', {
      type: 'text/plain',
      fields: { conversationId: 'conv-nopages' },
    });
    const [plain] = await search('conv-nopages', 'albatross');
    expect(plain).not.toHaveProperty('page');
  });

  it('goes by the bytes, not the extension: a PDF named .txt is read as a PDF, text named .pdf as text', async () => {
    const disguisedPdf = await jsonOf(
      await uploadFile(server, ann, pdfDocument(['Albatross sightings by month.']), 'notes.txt', {
        type: 'text/plain',
        fields: { conversationId: 'conv-lies' },
      }),
    );
    expect(disguisedPdf).toMatchObject({ type: 'application/pdf', embedded: true });
    const textAsPdf = await jsonOf(
      await uploadFile(server, ann, 'Cormorant nesting survey, plain text.', 'survey.pdf', {
        type: 'application/pdf',
        fields: { conversationId: 'conv-lies' },
      }),
    );
    expect(textAsPdf).toMatchObject({ type: 'text/plain', embedded: true });
    expect((await search('conv-lies', 'albatross'))[0]).toMatchObject({ filename: 'notes.txt' });
    expect((await search('conv-lies', 'cormorant'))[0]).toMatchObject({ filename: 'survey.pdf' });
  });

  it('refuses a corrupt PDF, an encrypted PDF, a DOCX zip bomb and a zip posing as a DOCX', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x41)]);
    await expectRefused(
      await uploadFile(server, ann, corrupt, 'broken.pdf'),
      /^"broken\.pdf" was not uploaded\. The PDF could not be read: it is damaged or not a PDF\. Check that it opens/,
    );
    await expectRefused(
      await uploadFile(server, ann, pdfDocument(['secret'], { encrypted: true }), 'locked.pdf'),
      /password-protected/,
    );
    await expectRefused(
      await uploadFile(server, ann, docxBomb(70), 'bomb.docx'),
      /expands to more than 64 MB/,
    );
    const plainZip = zipArchive([{ name: 'readme.txt', data: Buffer.from('not a word document') }]);
    await expectRefused(await uploadFile(server, ann, plainZip, 'fake.docx'), /not a Word document/);
  });

  it('refuses two PDF decompression bombs read at once without the server growing by their size', async () => {
    // A 1 MB PDF whose content stream inflates to 1 GB of zeros; PDF.js keeps a decoded stream in
    // one array outside the thread's heap, which the thread's heap limit alone does not bound.
    const bomb = await pdfBomb(1024);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const [first, second] = await Promise.all([
      uploadFile(server, ann, bomb, 'bomb-one.pdf'),
      uploadFile(server, ann, bomb, 'bomb-two.pdf'),
    ]).finally(() => clearInterval(sample));
    const tooLarge =
      /^"bomb-(one|two)\.pdf" was not uploaded\. The document is too large when unpacked \(more than 128 MB\)\. Upload a smaller document/;
    await expectRefused(first, tooLarge);
    await expectRefused(second, tooLarge);
    // The server (this process) grew by far less than the gigabyte each bomb unpacks to.
    const grownMb = (peak - before) / 1048576;
    console.info(`PDF bombs: the server's RSS grew by at most ${Math.round(grownMb)} MB`);
    expect(grownMb).toBeLessThan(300);
  }, 60_000);

  it('indexes an XLSX and a PPTX on upload so file search finds their cells and slides', async () => {
    const sheet = await jsonOf(
      await uploadFile(
        server,
        ann,
        xlsxDocument([
          {
            name: 'Moorings',
            rows: [
              ['Berth', 'Vessel'],
              ['B7', 'Kittiwake trawler'],
            ],
          },
        ]),
        'moorings.xlsx',
        { fields: { conversationId: 'conv-office' } },
      ),
    );
    expect(sheet).toMatchObject({
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      embedded: true,
    });
    const deck = await jsonOf(
      await uploadFile(
        server,
        ann,
        pptxDocument([{ paragraphs: [['Breakwater repairs']], notes: 'Granite blocks arrive by barge.' }]),
        'works.pptx',
        { fields: { conversationId: 'conv-office' } },
      ),
    );
    expect(deck).toMatchObject({
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      embedded: true,
    });
    expect((await search('conv-office', 'kittiwake'))[0]).toMatchObject({ filename: 'moorings.xlsx' });
    expect((await search('conv-office', 'granite barge'))[0]).toMatchObject({ filename: 'works.pptx' });
  });

  it('refuses an XLSX zip bomb and a zip posing as a PPTX, leaving nothing behind', async () => {
    await expectRefused(
      await uploadFile(server, ann, xlsxDocument([{ name: 'S', rows: [['x']] }], 70), 'bomb.xlsx'),
      /expands to more than 64 MB/,
    );
    const plainZip = zipArchive([{ name: 'readme.txt', data: Buffer.from('not a deck') }]);
    await expectRefused(await uploadFile(server, ann, plainZip, 'fake.pptx'), /not a presentation/);
  });

  it('indexes only the first pages of a PDF with thousands of pages and stays responsive', async () => {
    const pages = Array.from({ length: 3000 }, (_, i) => `Leaf ${i + 1} of the tide tables.`);
    const res = await uploadFile(server, ann, pdfDocument(pages), 'tides.pdf', {
      fields: { conversationId: 'conv-long' },
    });
    expect(res.status).toBe(201);
    expect((await jsonOf(res)).embedded).toBe(true);
    // The server answered other requests meanwhile and still does.
    expect((await server.api('/api/files', { token: ann.token })).status).toBe(200);
    expect((await search('conv-long', '"Leaf 2000"')).length).toBeGreaterThan(0);
    // Pages past the 2,000-page limit are left out of the index.
    expect(await search('conv-long', '"Leaf 2500"')).toEqual([]);
  }, 120_000);
});
