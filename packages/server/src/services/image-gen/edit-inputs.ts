import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { findOwnFiles } from '../files/file-records.ts';
import { ImageGenError, MAX_IMAGE_BYTES } from './provider-pictures.ts';

/** The picture types the image API edits. */
const EDITABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The caller's pictures an edit starts from, in the order named. A file id that is not the
 * caller's (another user's, or none at all) is refused the same way, so nothing tells whether it
 * exists; so are files that are not PNG, JPEG or WebP pictures, or larger than MAX_IMAGE_BYTES.
 */
export async function loadEditInputs(
  db: Database,
  store: BlobStore,
  userId: string,
  fileIds: string[],
): Promise<{ bytes: Buffer; filename: string; type: string }[]> {
  const rows = new Map((await findOwnFiles(db, userId, fileIds)).map((r) => [r.fileId, r]));
  const inputs = [];
  for (const id of fileIds) {
    const row = rows.get(id);
    if (!row) throw new ImageGenError(`${id} is not one of your files`);
    if (!EDITABLE_TYPES.has(row.type))
      throw new ImageGenError(`${row.filename} is not a PNG, JPEG or WebP picture`);
    if (row.bytes > MAX_IMAGE_BYTES)
      throw new ImageGenError(`${row.filename} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(row.storageKey)) chunks.push(chunk as Buffer);
    inputs.push({ bytes: Buffer.concat(chunks), filename: row.filename, type: row.type });
  }
  return inputs;
}
