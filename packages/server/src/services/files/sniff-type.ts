import { EXTENSION_MIME_TYPES, fileExtension } from '@parley/schema';
import { onFirstUse } from '../../on-first-use.ts';

/** file-type and its tokenizers, imported by the first upload rather than at start. */
const loadFileType = onFirstUse(() => import('file-type'));

/** How many leading bytes the type is judged from. */
export const SNIFF_BYTES = 4100;

/** True when the bytes read as text: no NUL byte and valid UTF-8 (a cut last character allowed). */
export function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the sample is not a fault of the file.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let trim = 0; trim <= 3 && trim < head.length; trim++) {
    try {
      decoder.decode(head.subarray(0, head.length - trim));
      return true;
    } catch {
      // try with one byte fewer
    }
  }
  return head.length === 0;
}

/** Types whose bytes are text, so a text file may claim them by its extension. */
const TEXT_LIKE = /^(text\/|application\/(json|xml|x-yaml|yaml|javascript|typescript|x-sh|sql|x-sql)$)/;

/** Document types whose files are ZIP archives. */
const ZIPPED_DOCUMENT =
  /^application\/(vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|epub\+zip$)/;

/**
 * The file's type from its first bytes, never from the browser's claim: binary formats by their
 * signature; text by its extension when that names a text type, else text/plain. Null when the
 * bytes are neither a known format nor text.
 */
export async function sniffType(head: Buffer, filename: string): Promise<string | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    // Old Office formats share one container signature; the extension says which one it is.
    if (detected.mime === 'application/x-cfb') {
      const byExtension = EXTENSION_MIME_TYPES[fileExtension(filename)];
      return byExtension && /^application\/(msword|vnd\.ms-)/.test(byExtension) ? byExtension : detected.mime;
    }
    // An OOXML document whose named parts lie past the sniffed bytes (or an OpenDocument or EPUB
    // whose `mimetype` entry is not stored first) reads as a plain ZIP; its extension says which
    // document it claims to be (a false claim fails when its text is read).
    if (detected.mime === 'application/zip') {
      const byExtension = EXTENSION_MIME_TYPES[fileExtension(filename)];
      return byExtension && ZIPPED_DOCUMENT.test(byExtension) ? byExtension : detected.mime;
    }
    return detected.mime;
  }
  if (!looksLikeText(head)) return null;
  const byExtension = EXTENSION_MIME_TYPES[fileExtension(filename)];
  return byExtension && TEXT_LIKE.test(byExtension) ? byExtension : 'text/plain';
}
