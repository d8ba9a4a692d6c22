// The document-reading thread: one per document, started by document-extract.ts, which bounds its
// time and memory and ends it when it overruns. It reads a PDF (unpdf's build of PDF.js), a DOCX
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

/**
 * The text of a PDF's pages in order, stopping at `maxPages` pages or `maxChars` characters, with
 * where each page starts in it (`pageStarts[n - 1]` is page n's first character), so a passage can
 * be cited by page.
 */
async function pdfText(bytes, { maxPages, maxChars }) {
  const { getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    // No fonts or scripts are needed for text; eval stays off.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    if (error?.name === 'PasswordException')
      throw new Refused('encrypted', 'The PDF is password-protected, so its text cannot be read.');
    throw new Refused('corrupt', 'The PDF could not be read: it is damaged or not a PDF.');
  }
  const pages = Math.min(pdf.numPages, maxPages);
  const parts = [];
  const pageStarts = [];
  let chars = 0;
  let pagesRead = 0;
  for (let n = 1; n <= pages && chars < maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    page.cleanup();
    const trimmed = text.trim();
    pageStarts.push(chars);
    parts.push(trimmed);
    // The pages are joined with a blank line between them.
    chars += trimmed.length + 2;
    pagesRead = n;
  }
  await pdf.destroy();
  const text = parts.join('\n\n');
  return {
    text: text.slice(0, maxChars),
    pages: pdf.numPages,
    pageStarts,
    pagesRead,
    truncated: pagesRead < pdf.numPages || text.length > maxChars,
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
  const { path, kind, limits } = workerData;
  const bytes = await readFile(path);
  if (kind === 'pdf') return pdfText(bytes, limits);
  if (kind === 'docx') return docxText(bytes, limits);
  if (kind === 'rtf') return rtfDocumentText(bytes, limits);
  return officeText(bytes, kind, limits);
}

main().then(
  (result) => parentPort.postMessage({ ok: true, ...result }),
  (error) =>
    parentPort.postMessage({
      ok: false,
      reason: error instanceof Refused ? error.reason : 'failed',
      message: error instanceof Refused ? error.message : String(error?.message ?? error),
    }),
);
