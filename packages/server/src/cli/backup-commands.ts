import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Env } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { askRunningServer } from '../services/backup/admin-socket.ts';
import type { BackupManifest } from '../services/backup/backup-manifest.ts';
import { restoreBackup } from '../services/backup/restore-backup.ts';
import { takeBackup } from '../services/backup/take-backup.ts';
import { CliError } from './admin-commands.ts';

type Print = (text: string) => void;

const POSTGRES_HINT =
  'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump and copy DATA_DIR/files; ' +
  'see "Backup and restore" in the README.';

function describe(manifest: BackupManifest): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `database ${mb(manifest.databaseBytes)}, ${manifest.files} files (${mb(manifest.fileBytes)})${
    manifest.secrets ? ', generated secrets' : ''
  }`;
}

/**
 * `backup FILE`: asks the server running on DATA_DIR for it, or, when none runs, opens the
 * embedded database itself (taking the data directory's lock, so a server cannot start meanwhile).
 */
export async function backupCommand(env: Env, file: string, print: Print): Promise<void> {
  if (env.DATABASE_URL) throw new CliError(POSTGRES_HINT);
  const target = resolve(file);
  if (!existsSync(dirname(target))) throw new CliError(`The folder ${dirname(target)} does not exist.`);
  const dataDir = resolve(env.DATA_DIR);
  const reply = await askRunningServer(dataDir, { command: 'backup', file: target });
  let manifest: BackupManifest;
  if (reply) {
    if (!reply.ok) throw new CliError(`The running server could not make the backup: ${reply.error}`);
    manifest = reply.result as BackupManifest;
  } else {
    if (!existsSync(`${dataDir}/db`)) throw new CliError(`${dataDir} holds no embedded database to back up.`);
    const database = await openDatabase({ dataDir });
    try {
      manifest = await takeBackup({ dataDir, exclusive: database.exclusive!, file: target });
    } finally {
      await database.close();
    }
  }
  print(`Backup written to ${target}: ${describe(manifest)}.`);
}

/** `restore FILE`: into DATA_DIR, which must be new (no database, no files) and not in use. */
export async function restoreCommand(env: Env, file: string, print: Print): Promise<void> {
  if (env.DATABASE_URL)
    throw new CliError(POSTGRES_HINT.replace('back it up with pg_dump', 'restore it with pg_restore'));
  const dataDir = resolve(env.DATA_DIR);
  const manifest = await restoreBackup(resolve(file), dataDir);
  print(`Restored the backup of ${manifest.createdAt} into ${dataDir}: ${describe(manifest)}.`);
}
