import { StringDecoder } from 'node:string_decoder';
import type { BlobStore } from './blob-store.ts';
import { withBlobOnDisk } from './blob-on-disk.ts';
import { isImageType } from '@parley/schema';
import {
  DEFAULT_EXTRACT_LIMITS,
  extractDocumentText,
  joinPages,
  type ExtractedKind,
  type ExtractedText,
} from './document-extract.ts';
import type { OcrEngine } from './ocr-engine.ts';
import { ocrReadyImage } from './ocr-image.ts';
import { cachedText, keepText } from './read-text-cache.ts';

/**
 * At most this much text is taken from one document (about 1,300 chunks): a file that
 * expands past it is indexed up to there, so a huge or bomb-like file cannot fill the database.
 */
export const MAX_DOCUMENT_CHARS = DEFAULT_EXTRACT_LIMITS.maxChars;

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The other formats the document thread reads, by type: OpenDocument, EPUB and RTF. */
const OTHER_EXTRACTED: Record<string, ExtractedKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/epub+zip': 'epub',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
};

/** Types whose bytes are the text itself: plain text, markdown, code, CSV, JSON, XML, YAML. */
export function isTextDocument(type: string): boolean {
  return (
    (/^text\//.test(type) && type !== 'text/rtf') ||
    /^application\/(json|xml|x-yaml|yaml|javascript|typescript|x-sh|x-python|sql|x-sql)$/.test(type)
  );
}

/** The formats whose text the document thread reads, by their (sniffed) type. */
export function extractedKind(type: string): ExtractedKind | null {
  if (type === PDF_TYPE) return 'pdf';
  if (type === DOCX_TYPE) return 'docx';
  if (type === XLSX_TYPE) return 'xlsx';
  if (type === PPTX_TYPE) return 'pptx';
  return OTHER_EXTRACTED[type] ?? null;
}

/** True when Parley can read a searchable text out of files of this type. */
export const hasDocumentText = (type: string) => isTextDocument(type) || extractedKind(type) !== null;

async function plainText(store: BlobStore, key: string): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  const stream = await store.get(key);
  for await (const chunk of stream) {
    text += decoder.write(chunk as Buffer);
    if (text.length >= MAX_DOCUMENT_CHARS) {
      stream.destroy();
      return text.slice(0, MAX_DOCUMENT_CHARS);
    }
  }
  return text + decoder.end();
}

/** A document's searchable text, and for a PDF where each page starts in it. */
export interface DocumentText {
  text: string;
  /** `pageStarts[n - 1]` is the offset of page n's first character; absent without pages. */
  pageStarts?: number[];
}

/** What documentText needs to know of a stored file. */
export interface StoredFile {
  storageKey: string;
  type: string;
  bytes: number;
  /** Why it was uploaded: a picture uploaded as text (`ocr`) or for file search is read by OCR. */
  toolResource?: string | null;
}

/** How a file is read beyond its own bytes. */
export interface ReadOptions {
  /** The OCR engine, when parley.yaml's `ocr` section turns it on. */
  ocr?: OcrEngine;
}

/** A picture is read for its text when it was uploaded to be read or searched, not to be seen. */
export const readsPictureText = (file: Pick<StoredFile, 'type' | 'toolResource'>) =>
  isImageType(file.type) && (file.toolResource === 'ocr' || file.toolResource === 'file_search');

/**
 * The searchable text of a stored document, or null when its type has no text Parley reads
 * (archives, old office formats; pictures unless OCR is on and they were uploaded to be read).
 * Text types (already proved UTF-8 without NUL by the upload checks) are read here up to
 * MAX_DOCUMENT_CHARS; PDF, office, OpenDocument, EPUB and RTF files are read by the document
 * thread, which rejects with DocumentUnreadable when a file is damaged, encrypted or hostile. With
 * OCR on, a picture's text and a PDF's scanned pages are read by the OCR thread once and kept
 * beside the file (read-text-cache.ts); a PDF page with a text layer is never read by OCR.
 */
export async function documentText(
  store: BlobStore,
  file: StoredFile,
  options: ReadOptions = {},
): Promise<DocumentText | null> {
  const { storageKey: key, type, bytes } = file;
  if (isTextDocument(type)) return { text: await plainText(store, key) };
  const { ocr } = options;
  if (ocr && readsPictureText(file)) return (await cachedText(store, key)) ?? pictureText(store, key, ocr);
  const kind = extractedKind(type);
  if (!kind) return null;
  if (ocr && kind === 'pdf') {
    const kept = await cachedText(store, key);
    if (kept) return kept;
  }
  const scans = ocr && kind === 'pdf' ? ocr.settings.maxScannedPages : 0;
  const extracted = await withBlobOnDisk(store, key, (path) =>
    extractDocumentText(path, kind, bytes, DEFAULT_EXTRACT_LIMITS, undefined, scans),
  );
  if (ocr && extracted.scans && extracted.pageTexts) return scannedPdfText(store, key, extracted, ocr);
  const { text, pageStarts } = extracted;
  return { text, ...(pageStarts && { pageStarts }) };
}

/** A picture's text, read by OCR and kept. */
async function pictureText(store: BlobStore, key: string, ocr: OcrEngine): Promise<DocumentText> {
  const png = await withBlobOnDisk(store, key, ocrReadyImage);
  const [text = ''] = await ocr.read([png]);
  const read = { text: text.trim().slice(0, MAX_DOCUMENT_CHARS) };
  await keepText(store, key, read);
  return read;
}

/** A PDF's text with its scanned pages read by OCR in their places, kept. */
async function scannedPdfText(
  store: BlobStore,
  key: string,
  extracted: ExtractedText,
  ocr: OcrEngine,
): Promise<DocumentText> {
  const scans = extracted.scans!;
  const texts = await ocr.read(scans.map((scan) => scan.png));
  const pageTexts = [...extracted.pageTexts!];
  scans.forEach((scan, i) => (pageTexts[scan.page - 1] = (texts[i] ?? '').trim()));
  const read = joinPages(pageTexts, MAX_DOCUMENT_CHARS);
  await keepText(store, key, read);
  return read;
}
