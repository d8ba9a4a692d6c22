import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Mirrors the complete files under `from` into `to` as hard links (copies where the file system
 * cannot link), and counts them. A link is taken at once and keeps the bytes even if the store
 * deletes the file a moment later. Unfinished uploads (`.partial-*`) are skipped.
 */
export async function linkTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const total = { files: 0, bytes: 0 };
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if (missing(err)) return total;
    throw err;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await linkTree(source, target);
      total.files += inner.files;
      total.bytes += inner.bytes;
      continue;
    }
    if (!entry.isFile() || entry.name.startsWith('.partial-')) continue;
    try {
      await link(source, target).catch(async (err: unknown) => {
        if (missing(err)) throw err;
        await copyFile(source, target);
      });
      total.bytes += (await stat(target)).size;
      total.files += 1;
    } catch (err) {
      // Deleted since the listing: it is not part of this copy.
      if (!missing(err)) throw err;
    }
  }
  return total;
}
