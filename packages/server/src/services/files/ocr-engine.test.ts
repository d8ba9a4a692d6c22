import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflatingPngBomb, scannedPdf, textPicture } from '../../../test/files/scan-fixtures.ts';
import { DocumentUnreadable, extractDocumentText } from './document-extract.ts';
import { documentText } from './document-text.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { OcrEngine } from './ocr-engine.ts';
import { ocrReadyImage } from './ocr-image.ts';
import { resolveOcrSettings } from './ocr-settings.ts';
import { readTextKey } from './read-text-cache.ts';
import { writeFile } from 'node:fs/promises';

const settings = resolveOcrSettings({ strategy: 'local_tesseract' })!;
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (err: unknown) => (err instanceof DocumentUnreadable ? err.reason : `other: ${String(err)}`),
  );
/** OCR output with its spaces and line breaks made single spaces, for matching. */
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe('OCR (tesseract.js in a bounded thread, offline)', () => {
  it('reads a picture of text with the English data installed from npm', async () => {
    const png = await ocrReadyImage(textPicture(['The herd counted 14 zebras', 'MARKER OCR 7731']));
    const [text] = await new OcrEngine(settings).read([png]);
    expect(flat(text)).toContain('The herd counted 14 zebras');
    expect(flat(text)).toContain('MARKER OCR 7731');
  }, 60_000);

  it('reads WebP and JPEG uploads after making them ready', async () => {
    const pictures = await Promise.all(
      (['webp', 'jpeg'] as const).map((format) =>
        ocrReadyImage(textPicture(['Quarterly fjord report'], format)),
      ),
    );
    const heard: string[] = [];
    const texts = await new OcrEngine(settings).read(pictures, (done, total) =>
      heard.push(`${done}/${total}`),
    );
    // Each picture read is told as it is done, for a progress display.
    expect(heard).toEqual(['1/2', '2/2']);
    expect(texts.map(flat)).toEqual([
      expect.stringContaining('fjord report'),
      expect.stringContaining('fjord report'),
    ]);
  }, 60_000);

  it('ends a read that passes its time limit', async () => {
    const png = await ocrReadyImage(textPicture(['Slow page']));
    const engine = new OcrEngine({ ...settings, timeoutMs: 30 });
    await expect(reasonOf(engine.read([png]))).resolves.toBe('timeout');
  });

  it("ends a read whose engine memory passes its bound (Tesseract's WebAssembly memory is watched)", async () => {
    const png = await ocrReadyImage(textPicture(['Heavy page']));
    const engine = new OcrEngine(settings, { heapMb: 128, maxExternalBytes: 4 * 1024 * 1024 });
    await expect(reasonOf(engine.read([png]))).resolves.toBe('bomb');
  }, 60_000);

  it('tells a thread that cannot start in plain words, the detail kept for the log', async () => {
    const engine = new OcrEngine(settings, undefined, new URL('./missing-ocr-worker.mjs', import.meta.url));
    const err = await engine.read([Buffer.from('x')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentUnreadable);
    expect((err as DocumentUnreadable).message).toBe(
      'The text of the picture could not be read because of a problem on the server.',
    );
    expect((err as DocumentUnreadable).message).not.toMatch(/\//);
  });

  it('refuses a PNG decompression bomb before decoding its pixels', async () => {
    const bomb = await inflatingPngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    await expect(reasonOf(ocrReadyImage(bomb))).resolves.toBe('too_large');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  }, 60_000);

  it('shrinks a huge picture within the pixel limit to a size the engine reads in bounded memory', async () => {
    const huge = await inflatingPngBomb(9_000);
    const ready = await ocrReadyImage(huge);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(ready).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(3000);
    // A blank page has no text, and reading it stays within the thread's bounds.
    const [text] = await new OcrEngine(settings).read([ready]);
    expect(text!.trim()).toBe('');
  }, 60_000);

  it('refuses bytes that are not a picture, and a truncated picture', async () => {
    await expect(reasonOf(ocrReadyImage(Buffer.from('plain words, not a picture')))).resolves.toBe('corrupt');
    const png = textPicture(['cut short']);
    await expect(reasonOf(ocrReadyImage(png.subarray(0, png.length / 2)))).resolves.toBe('corrupt');
  });
});

describe('resolveOcrSettings', () => {
  it('is off without the section, and points each language at its installed package', () => {
    expect(resolveOcrSettings(undefined)).toBeNull();
    expect(settings.languages).toEqual([
      { code: 'eng', langPath: expect.stringMatching(/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/) },
    ]);
    expect(settings.timeoutMs).toBe(60_000);
  });

  it('stops the start when a language has no installed data, saying what to install', () => {
    expect(() => resolveOcrSettings({ strategy: 'local_tesseract', languages: ['eng', 'fra'] })).toThrow(
      /npm install @tesseract\.js-data\/fra/,
    );
  });
});

describe('scanned PDF pages', () => {
  let dir: string;
  let store: LocalBlobStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-ocr-'));
    store = new LocalBlobStore(join(dir, 'files'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const pdf = scannedPdf([
    { text: 'Typed page with MARKER TEXTLAYER 5512' },
    { scan: ['Scanned minutes say MARKER SCAN 4410', 'the vote passed'] },
    { text: 'Closing typed page' },
  ]);

  it('renders only the pages without a text layer for OCR', async () => {
    const path = join(dir, 'mixed.pdf');
    await writeFile(path, pdf);
    const read = await extractDocumentText(path, 'pdf', pdf.length, undefined, undefined, 5);
    expect(read.scans?.map((scan) => scan.page)).toEqual([2]);
    expect(read.pageTexts?.[0]).toContain('MARKER TEXTLAYER 5512');
    // With OCR off nothing is rendered.
    const plain = await extractDocumentText(path, 'pdf', pdf.length);
    expect(plain.scans).toBeUndefined();
    expect(plain.text).toContain('MARKER TEXTLAYER 5512');
  }, 60_000);

  it('puts the OCR text of a scanned page in its place, keeps it, and reads the kept text next time', async () => {
    await store.put('u/scan', Readable.from([pdf]), 'application/pdf');
    const file = { storageKey: 'u/scan', type: 'application/pdf', bytes: pdf.length };
    const read = await documentText(store, file, { ocr: new OcrEngine(settings) });
    const pages = read!.text.split('\n\n');
    expect(pages[0]).toContain('MARKER TEXTLAYER 5512');
    expect(flat(read!.text)).toContain('MARKER SCAN 4410');
    expect(read!.pageStarts).toHaveLength(3);
    expect(flat(read!.text.slice(read!.pageStarts![1], read!.pageStarts![2]))).toContain('MARKER SCAN 4410');
    expect(await store.exists(readTextKey('u/scan'))).toBe(true);
    // The kept text answers without another OCR run: an engine that cannot start is never asked.
    const broken = new OcrEngine(settings, undefined, new URL('./missing-ocr-worker.mjs', import.meta.url));
    await expect(documentText(store, file, { ocr: broken })).resolves.toEqual(read);
  }, 90_000);

  it('reads a picture uploaded as text, and leaves a picture uploaded to be seen alone', async () => {
    const png = textPicture(['Invoice number MARKER PIC 9031']);
    await store.put('u/pic', Readable.from([png]), 'image/png');
    const ocr = new OcrEngine(settings);
    const asText = { storageKey: 'u/pic', type: 'image/png', bytes: png.length, toolResource: 'ocr' };
    expect(flat((await documentText(store, asText, { ocr }))?.text)).toContain('MARKER PIC 9031');
    await expect(documentText(store, { ...asText, toolResource: null }, { ocr })).resolves.toBeNull();
    await expect(documentText(store, { ...asText, storageKey: 'u/other' })).resolves.toBeNull();
  }, 60_000);
});
