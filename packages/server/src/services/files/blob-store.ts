import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Keys are made by the server (`{userId}/{fileId}`), never
 * from a user's file name. Implementations: local disk under DATA_DIR/files (default) and an
 * S3-compatible bucket for several instances.
 */
export interface BlobStore {
  /** `local` or `s3`: stored on the file's row as its `source`. */
  readonly source: 'local' | 's3';
  /**
   * Streams `body` into `key` and resolves to the bytes written. A failed or aborted body leaves
   * nothing behind under `key`.
   */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  /** The stored bytes (or a byte range, both ends inclusive); throws BlobNotFound when absent. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** True when the key holds a blob. */
  exists(key: string): Promise<boolean>;
  /**
   * Removes a deleted account's blobs: `keys` (what its file rows named) and anything else the
   * store can see under the user's prefix. Blobs already missing are not an error.
   */
  deleteOwner(userId: string, keys: string[]): Promise<void>;
  /** The blob's path on this machine's disk, for stores that keep one (lets sharp read lazily). */
  localPath?(key: string): string;
  /** Lets go of connections the store keeps (an S3 client's), at shutdown. */
  close?(): void;
}

export class BlobNotFound extends Error {
  constructor(key: string) {
    super(`No blob stored under ${key}`);
    this.name = 'BlobNotFound';
  }
}

/** Keys are only ever built here, from server-made ids checked to be plain tokens. */
export function blobKey(userId: string, fileId: string): string {
  return `${blobKeyPart(userId)}/${blobKeyPart(fileId)}`;
}

/** One part of a key (a user's prefix, a file id): a plain id, or an error. */
export function blobKeyPart(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new Error('A blob key part must be a plain id');
  return id;
}
