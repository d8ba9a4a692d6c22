import { inferFileType } from '@parley/schema';

/**
 * How a chosen file is uploaded: `image` for the model to see (pictures only), `file` as an
 * attachment the model is given (a document's text, like `ocr`), `ocr` "upload as text" (the
 * document's text is given to the model: whole when it fits, else its passages that answer the
 * question), `ocr_text` "OCR text" (pictures and scanned PDFs whose text the server reads by OCR,
 * then given like "upload as text"; only while the server has OCR on), `file_search` indexed for
 * the file-search tool, which searches it when asked.
 */
export type UploadKind = 'image' | 'file' | 'ocr' | 'ocr_text' | 'file_search';

/** The tool resource an upload of each kind names (none: a plain attachment). */
export type UploadToolResource = 'ocr' | 'file_search';

/** The upload's tool resource field for a kind. */
export function toolResourceOf(kind: UploadKind): { toolResource?: UploadToolResource } {
  if (kind === 'ocr_text') return { toolResource: 'ocr' };
  return kind === 'ocr' || kind === 'file_search' ? { toolResource: kind } : {};
}

/** The file picker's `accept` for each kind (`undefined`: any type the upload checks allow). */
export const UPLOAD_ACCEPT: Record<UploadKind, string | undefined> = {
  // Some systems give HEIC photos no type, which `image/*` alone would hide from the picker.
  image: 'image/*,.heic,.heif',
  file: undefined,
  ocr: undefined,
  ocr_text: 'image/*,.heic,.heif,application/pdf,.pdf',
  file_search: undefined,
};

/** What the server offers besides plain uploads: file search, and OCR when it is on. */
export interface UploadOffer {
  /**
   * `enabled`: the interface flag; `permitted`: the role's FILE_SEARCH.USE; `capability`: the
   * agents' `file_search` capability in /api/endpoints (true when the server reports none).
   */
  fileSearch: { enabled: boolean; permitted: boolean; capability: boolean };
  /** The server reads text in pictures (the agents' `ocr` capability in /api/endpoints). */
  ocr: boolean;
}

/**
 * The attach menu's options, in order: images, files and "upload as text" always, "OCR text" only
 * while the server reads text in pictures, file search only when the server offers it (its
 * interface flag and the agents' `file_search` capability, spec 001 "agent capabilities gate the
 * upload-type options") and the role allows it (FILE_SEARCH.USE). Code files are not offered: this
 * server's code runs do not read uploaded files.
 */
export function uploadKinds({ fileSearch, ocr }: UploadOffer): UploadKind[] {
  return [
    'image',
    'file',
    'ocr',
    ...(ocr ? (['ocr_text'] as const) : []),
    ...(fileSearch.enabled && fileSearch.permitted && fileSearch.capability
      ? (['file_search'] as const)
      : []),
  ];
}

const isPdf = (f: Chosen) => inferFileType(f.name, f.type) === 'application/pdf';
const isPicture = (f: Chosen) => inferFileType(f.name, f.type).startsWith('image/');

/** A chosen file as far as the upload kinds care: its name and the type the browser gave it. */
type Chosen = { name: string; type: string };

/**
 * True when these files cannot be uploaded as `kind` (only pictures are images; OCR reads pictures
 * and PDFs). A file the browser gave no type (HEIC photos, on most systems) is judged by its
 * extension.
 */
export function wrongFilesFor(kind: UploadKind, files: readonly Chosen[]): boolean {
  if (kind === 'image') return files.some((f) => !isPicture(f));
  if (kind === 'ocr_text') return files.some((f) => !isPicture(f) && !isPdf(f));
  return false;
}

/**
 * What to ask about files dropped or pasted into the chat box: the attach menu's kinds, without
 * "images" unless every file is a picture, nor "OCR text" unless every file is a picture or a PDF.
 * Empty means "do not ask, attach them as files": on the agents endpoint (an agent's own tools
 * decide what its files are for) and whenever neither file search nor OCR text is on offer, where
 * images and files upload alike and a question would change nothing.
 */
export function dropChoices(
  files: readonly Chosen[],
  offer: UploadOffer,
  onAgentsEndpoint: boolean,
): UploadKind[] {
  if (onAgentsEndpoint || files.length === 0) return [];
  const kinds = uploadKinds(offer).filter((kind) => !wrongFilesFor(kind, files));
  return kinds.includes('file_search') || kinds.includes('ocr_text') ? kinds : [];
}
