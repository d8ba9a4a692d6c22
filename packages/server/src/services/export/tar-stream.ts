import { Header } from 'tar';

const BLOCK = 512;

/** One file of an archive: its path inside the archive and its bytes. */
export interface TarEntry {
  path: string;
  body: Buffer;
}

/**
 * Turns entries into a ustar archive as they come, so an archive of any size is written with one
 * entry in memory at a time (the caller gzips it on the way out).
 */
export async function* tarStream(
  entries: AsyncIterable<TarEntry>,
  mtime = new Date(),
): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const header = new Header({
      path: entry.path,
      size: entry.body.length,
      mode: 0o644,
      mtime,
      type: 'File',
    });
    header.encode();
    yield header.block!;
    yield entry.body;
    const padding = (BLOCK - (entry.body.length % BLOCK)) % BLOCK;
    if (padding) yield Buffer.alloc(padding);
  }
  // Two empty blocks end a tar archive.
  yield Buffer.alloc(BLOCK * 2);
}
