// The document-reading thread: one per document, started by document-extract.ts, which bounds its
// time and memory and ends it when it overruns. It reads a PDF (unpdf's build of PDF.js, which
// also renders a scanned page to a picture for OCR, drawing with @napi-rs/canvas), a DOCX
// (mammoth), an XLSX or PPTX (their XML parts, office-text.mjs), an ODT, ODS or ODP (odf-text.mjs),
// an EPUB (epub-text.mjs) or an RTF (rtf-text.mjs) from a path and posts back the text, or the
// reason it could not. Plain JavaScript: a
// worker thread starts with a bare module loader.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { epubText, isEpubPart } from './epub-text.mjs';
import { isOdfPart, odfText } from './odf-text.mjs';
import { isPresentationPart, isSpreadsheetPart, pptxText, xlsxText } from './office-text.mjs';
import { rtfText } from './rtf-text.mjs';
import { checkZipBounds, readZipEntries, ZipRefused } from './zip-bounds.mjs';

class Refused extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/** The most pixels a scanned page is rendered at for OCR (3000 x 3000): legible, and bounded. */
const MAX_SCAN_PIXELS = 9_000_000;
/** Scanned pages are rendered at twice the PDF's own size (144 dpi) unless that passes the bound. */
const SCAN_SCALE = 2;

/** True when the page paints a picture: a page with no text but a picture is a scan. */
async function paintsPicture(page, OPS) {
  const { fnArray } = await page.getOperatorList();
  const pictures = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);
  return fnArray.some((op) => pictures.has(op));
}

/** A scanned page rendered to a PNG for OCR, no larger than MAX_SCAN_PIXELS. */
async function renderScan(pdf, n, page, renderPageAsImage) {
  const { width, height } = page.getViewport({ scale: 1 });
  const scale = Math.min(SCAN_SCALE, Math.sqrt(MAX_SCAN_PIXELS / Math.max(1, width * height)));
  const png = await renderPageAsImage(pdf, n, { canvasImport: () => import('@napi-rs/canvas'), scale });
  return new Uint8Array(png);
}

/**
 * The text of a PDF's pages in order (`pageTexts[n - 1]` is page n's), stopping at `maxPages`
 * pages or `maxChars` characters. With `scans` set (OCR is on), a page that has no text layer but
 * paints a picture is rendered to a PNG, up to `scans` of them, for the OCR thread to read; a
 * page with a text layer is never rendered.
 */
async function pdfText(bytes, { maxPages, maxChars }, scans) {
  const { createIsomorphicCanvasFactory, getDocumentProxy, getResolvedPDFJS, renderPageAsImage } =
    await import('unpdf');
  // Rendering needs a canvas; reading text alone does not load one.
  const CanvasFactory =
    scans > 0 ? await createIsomorphicCanvasFactory(() => import('@napi-rs/canvas')) : undefined;
  let pdf;
  try {
    // No fonts or scripts are needed for text; eval stays off.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
      ...(CanvasFactory && { CanvasFactory }),
    });
  } catch (error) {
    if (error?.name === 'PasswordException')
      throw new Refused('encrypted', 'The PDF is password-protected, so its text cannot be read.');
    throw new Refused('corrupt', 'The PDF could not be read: it is damaged or not a PDF.');
  }
  const { OPS } = scans > 0 ? await getResolvedPDFJS() : {};
  const pages = Math.min(pdf.numPages, maxPages);
  const pageTexts = [];
  const rendered = [];
  let chars = 0;
  let scansLeft = scans;
  for (let n = 1; n <= pages && chars < maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    const trimmed = text.trim();
    if (!trimmed && scansLeft > 0 && (await paintsPicture(page, OPS))) {
      rendered.push({ page: n, png: await renderScan(pdf, n, page, renderPageAsImage) });
      scansLeft--;
    }
    page.cleanup();
    pageTexts.push(trimmed);
    // The pages are joined with a blank line between them.
    chars += trimmed.length + 2;
  }
  await pdf.destroy();
  return {
    pageTexts,
    pages: pdf.numPages,
    scans: rendered,
    truncated: pageTexts.length < pdf.numPages || chars - 2 > maxChars,
  };
}

/** The raw text of a DOCX, after proving the archive expands within bounds. */
async function docxText(bytes, { maxChars, maxExpandedBytes, maxEntries }) {
  try {
    checkZipBounds(bytes, { maxEntries, maxBytes: maxExpandedBytes });
  } catch (error) {
    if (error instanceof ZipRefused)
      throw new Refused(error.reason, `The document could not be read: ${error.message}`);
    throw error;
  }
  const mammoth = (await import('mammoth')).default;
  let value;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: bytes }));
  } catch {
    throw new Refused('corrupt', 'The document could not be read: it is damaged or not a Word document.');
  }
  const text = value.replace(/\n{3,}/g, '\n\n').trim();
  return { text: text.slice(0, maxChars), truncated: text.length > maxChars };
}

const OFFICE_READERS = {
  xlsx: { wanted: isSpreadsheetPart, read: xlsxText, noun: 'spreadsheet' },
  pptx: { wanted: isPresentationPart, read: pptxText, noun: 'presentation' },
  odt: { wanted: isOdfPart, read: odfText, noun: 'text document' },
  ods: { wanted: isOdfPart, read: odfText, noun: 'spreadsheet' },
  odp: { wanted: isOdfPart, read: odfText, noun: 'presentation' },
  epub: { wanted: isEpubPart, read: epubText, noun: 'book' },
};

/**
 * The text of an XLSX, PPTX, OpenDocument or EPUB: its parts come out of the archive under the
 * same bounds as a DOCX.
 */
function officeText(bytes, kind, { maxChars, maxExpandedBytes, maxEntries }) {
  const reader = OFFICE_READERS[kind];
  let entries;
  try {
    entries = readZipEntries(bytes, { maxEntries, maxBytes: maxExpandedBytes }, reader.wanted);
  } catch (error) {
    if (error instanceof ZipRefused)
      throw new Refused(error.reason, `The document could not be read: ${error.message}`);
    throw error;
  }
  try {
    return reader.read(entries, { maxChars });
  } catch {
    throw new Refused('corrupt', `The document could not be read: it is damaged or not a ${reader.noun}.`);
  }
}

/** The text of an RTF document, whose bytes are ASCII with escapes (read here as Latin-1). */
function rtfDocumentText(bytes, { maxChars }) {
  try {
    return rtfText(bytes.toString('latin1'), { maxChars });
  } catch {
    throw new Refused('corrupt', 'The document could not be read: it is damaged or not an RTF document.');
  }
}

async function main() {
  const { path, kind, limits, scans } = workerData;
  const bytes = await readFile(path);
  if (kind === 'pdf') return pdfText(bytes, limits, scans);
  if (kind === 'docx') return docxText(bytes, limits);
  if (kind === 'rtf') return rtfDocumentText(bytes, limits);
  return officeText(bytes, kind, limits);
}

main().then(
  // Rendered scans move to the server's thread rather than being copied.
  (result) =>
    parentPort.postMessage(
      { ok: true, ...result },
      (result.scans ?? []).map((s) => s.png.buffer),
    ),
  (error) =>
    parentPort.postMessage({
      ok: false,
      reason: error instanceof Refused ? error.reason : 'failed',
      message: error instanceof Refused ? error.message : String(error?.message ?? error),
    }),
);
