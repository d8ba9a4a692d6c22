import { StringDecoder } from 'node:string_decoder';
import type { BlobStore } from './blob-store.ts';

/**
 * At most this much text is taken from one document (about 1,300 chunks): a file that
 * expands past it is indexed up to there, so a huge or bomb-like file cannot fill the database.
 */
export const MAX_DOCUMENT_CHARS = 2_000_000;

/** Types whose bytes are the text itself: plain text, markdown, code, CSV, JSON, XML, YAML. */
export function isTextDocument(type: string): boolean {
  return (
    /^text\//.test(type) ||
    /^application\/(json|xml|x-yaml|yaml|javascript|typescript|x-sh|x-python|sql|x-sql)$/.test(type)
  );
}

/**
 * The searchable text of a stored document, or null when its type has no text Parley reads
 * (pictures, archives, and for now PDF and office documents). The upload checks already proved
 * text types to be UTF-8 without NUL; reading stops at MAX_DOCUMENT_CHARS.
 */
export async function documentText(store: BlobStore, key: string, type: string): Promise<string | null> {
  if (!isTextDocument(type)) return null;
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
