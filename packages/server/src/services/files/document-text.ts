import { StringDecoder } from 'node:string_decoder';
import type { BlobStore } from './blob-store.ts';
import { withBlobOnDisk } from './blob-on-disk.ts';
import { DEFAULT_EXTRACT_LIMITS, extractDocumentText, type ExtractedKind } from './document-extract.ts';

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

/**
 * The searchable text of a stored document, or null when its type has no text Parley reads
 * (pictures, archives, old office formats). Text types (already proved UTF-8 without NUL by the
 * upload checks) are read here up to MAX_DOCUMENT_CHARS; PDF, office, OpenDocument, EPUB and RTF files are read by the document
 * thread, which rejects with DocumentUnreadable when a file is damaged, encrypted or hostile.
 */
export async function documentText(
  store: BlobStore,
  key: string,
  type: string,
  bytes: number,
): Promise<DocumentText | null> {
  if (isTextDocument(type)) return { text: await plainText(store, key) };
  const kind = extractedKind(type);
  if (!kind) return null;
  const { text, pageStarts } = await withBlobOnDisk(store, key, (path) =>
    extractDocumentText(path, kind, bytes),
  );
  return { text, ...(pageStarts && { pageStarts }) };
}
