import { chmod, copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PgliteWorkerClient } from '../../db/pglite-worker-client.ts';
import {
  DATABASE_DUMP_NAME,
  FILES_DIR_NAME,
  MANIFEST_NAME,
  SECRETS_NAME,
  type BackupManifest,
} from './backup-manifest.ts';
import { linkTree } from './link-tree.ts';

/**
 * Writes a backup of the embedded database, the files store and the generated secrets of
 * `dataDir` to `file` (a gzipped tar, mode 0600: it holds every user's data and the secrets).
 *
 * Consistent while the server runs: the database is held (no statement runs) while PGlite dumps
 * it and every stored file is hard-linked aside. A file's bytes are complete before its row is
 * written and its row is deleted before its bytes, so every file row in the dump has its bytes in
 * the copy. The archive is written to a temporary name and renamed, so `file` is never partial.
 */
export async function takeBackup(opts: {
  dataDir: string;
  exclusive: PgliteWorkerClient['exclusive'];
  file: string;
}): Promise<BackupManifest> {
  const staging = await mkdtemp(join(opts.dataDir, '.backup-'));
  const partial = `${opts.file}.partial-${process.pid}`;
  try {
    const { dump, files } = await opts.exclusive(async (held) => {
      const [dump, files] = await Promise.all([
        held.dump(),
        linkTree(join(opts.dataDir, FILES_DIR_NAME), join(staging, FILES_DIR_NAME)),
      ]);
      return { dump, files };
    });
    await writeFile(join(staging, DATABASE_DUMP_NAME), dump);
    const secrets = await copyFile(join(opts.dataDir, SECRETS_NAME), join(staging, SECRETS_NAME)).then(
      () => true,
      () => false,
    );
    const manifest: BackupManifest = {
      format: 'parley-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      files: files.files,
      fileBytes: files.bytes,
      databaseBytes: dump.byteLength,
      secrets,
    };
    await writeFile(join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_NAME, DATABASE_DUMP_NAME, ...(secrets ? [SECRETS_NAME] : [])];
    if (files.files > 0) entries.push(FILES_DIR_NAME);
    await writeFile(partial, '', { mode: 0o600 });
    // tar is imported here, not at start: backups are rare, a server's start is not.
    const { create: createTar } = await import('tar');
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await chmod(partial, 0o600);
    await rename(partial, opts.file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
