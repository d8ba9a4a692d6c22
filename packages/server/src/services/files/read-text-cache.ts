import { Readable } from 'node:stream';
import { text as readAll } from 'node:stream/consumers';
import { BlobNotFound, type BlobStore } from './blob-store.ts';

/** A file's text as read once by OCR, and for a PDF where each page starts in it. */
export interface CachedText {
  text: string;
  pageStarts?: number[];
}

/**
 * Where the text OCR read out of a file is kept, beside the file's own bytes: reading a picture
 * or a scanned PDF takes seconds a page, so the text is read once, at upload, and each later
 * answer that gives the file to the model reads this instead. Deleted with the file.
 */
export const readTextKey = (storageKey: string) => `${storageKey}.ocr-text`;

/** The kept text of a file, or null when none was kept (or what is kept is not ours). */
export async function cachedText(store: BlobStore, storageKey: string): Promise<CachedText | null> {
  let body: string;
  try {
    body = await readAll(await store.get(readTextKey(storageKey)));
  } catch (err) {
    if (err instanceof BlobNotFound) return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(body) as Partial<CachedText>;
    if (typeof parsed.text !== 'string') return null;
    return {
      text: parsed.text,
      ...(Array.isArray(parsed.pageStarts) && { pageStarts: parsed.pageStarts.filter(Number.isInteger) }),
    };
  } catch {
    return null;
  }
}

export async function keepText(store: BlobStore, storageKey: string, read: CachedText): Promise<void> {
  await store.put(readTextKey(storageKey), Readable.from([JSON.stringify(read)]), 'application/json');
}
