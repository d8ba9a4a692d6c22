import { existsSync, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { restorePgliteCluster } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import {
  DATABASE_DUMP_NAME,
  FILES_DIR_NAME,
  MANIFEST_NAME,
  SECRETS_NAME,
  isBackupManifest,
  type BackupManifest,
} from './backup-manifest.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** What an archive may hold (its manifest, the dump, the secrets, the files store); nothing else is extracted. */
function isExpectedEntry(path: string): boolean {
  const name = path.replace(/^\.\//, '').replace(/\/$/, '');
  if ([MANIFEST_NAME, DATABASE_DUMP_NAME, SECRETS_NAME, FILES_DIR_NAME].includes(name)) return true;
  const [top, ...rest] = name.split('/');
  return top === FILES_DIR_NAME && rest.every((part) => /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(part));
}

const isEmptyDir = (path: string) => !existsSync(path) || readdirSync(path).length === 0;

/**
 * Restores a backup made by takeBackup into `dataDir`, which must not hold a database or files
 * yet (a restore never merges into or overwrites a live installation). The data directory is
 * locked meanwhile, so a server cannot start on it half-restored. The server applies newer
 * migrations when it next starts.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new RestoreError(`No backup at ${file}.`);
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  const staging = await mkdtemp(join(dataDir, '.restore-'));
  try {
    const database = join(dataDir, 'db');
    const files = join(dataDir, FILES_DIR_NAME);
    if (!isEmptyDir(database) || !isEmptyDir(files)) {
      throw new RestoreError(
        `${dataDir} already holds a database or files. Restore into a new, empty DATA_DIR ` +
          '(move this one aside first if it is to be replaced).',
      );
    }
    // tar is imported here, not at start: restores are rare, a server's start is not.
    const { extract: extractTar } = await import('tar');
    await extractTar({
      file,
      cwd: staging,
      strict: true,
      // Entries are checked by name; node-tar also refuses absolute paths and `..`.
      filter: (path, entry) =>
        isExpectedEntry(path) && (!('type' in entry) || ['File', 'Directory'].includes(entry.type)),
    }).catch((err: Error) => {
      throw new RestoreError(`${file} is not a readable Parley backup: ${err.message}`);
    });
    const manifest = await readManifest(join(staging, MANIFEST_NAME), file);
    await restorePgliteCluster(database, await readFile(join(staging, DATABASE_DUMP_NAME)));
    if (existsSync(join(staging, FILES_DIR_NAME))) {
      await rm(files, { recursive: true, force: true });
      await rename(join(staging, FILES_DIR_NAME), files);
    }
    if (manifest.secrets && !existsSync(join(dataDir, SECRETS_NAME))) {
      await copyFile(join(staging, SECRETS_NAME), join(dataDir, SECRETS_NAME));
      await chmod(join(dataDir, SECRETS_NAME), 0o600);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function readManifest(path: string, file: string): Promise<BackupManifest> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new RestoreError(`${file} is not a Parley backup (it has no ${MANIFEST_NAME}).`);
  }
  if (!isBackupManifest(manifest)) {
    throw new RestoreError(`${file} is a backup format this version cannot restore.`);
  }
  return manifest;
}
