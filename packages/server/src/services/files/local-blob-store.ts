import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { BlobNotFound, blobKeyPart, type BlobStore } from './blob-store.ts';

/**
 * Blobs as files under one root directory (DATA_DIR/files). A blob is written to a temporary
 * name beside its final one and renamed when complete, so a cut-off upload never leaves a
 * partial file under a real key.
 */
export class LocalBlobStore implements BlobStore {
  readonly source = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The path of a key, refusing anything that would leave the root (keys are server-made). */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep) || key.includes('\0'))
      throw new Error('Blob key outside the store');
    return path;
  }

  async put(key: string, body: Readable, _contentType: string): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = join(dirname(path), `.partial-${randomUUID()}`);
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      await rename(partial, path);
      return bytes;
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(key);
    if (!(await this.exists(key))) throw new BlobNotFound(key);
    return createReadStream(path, range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The user's whole directory, leftovers of interrupted writes included. */
  async deleteOwner(userId: string, _keys: string[]): Promise<void> {
    await rm(this.pathOf(blobKeyPart(userId)), { recursive: true, force: true });
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}
