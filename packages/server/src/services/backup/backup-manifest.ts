/** The archive's table of contents, first read on restore. */
export const MANIFEST_NAME = 'parley-backup.json';
/** PGlite's dump of the database cluster (a gzipped tar of its data directory). */
export const DATABASE_DUMP_NAME = 'database.tar.gz';
/** The files store (DATA_DIR/files), same layout. */
export const FILES_DIR_NAME = 'files';
/** DATA_DIR/secrets.json: without CREDS_KEY the stored keys and two-factor secrets cannot be read. */
export const SECRETS_NAME = 'secrets.json';

export interface BackupManifest {
  format: 'parley-backup';
  version: 1;
  createdAt: string;
  database: 'pglite';
  /** Files copied from the files store, and their bytes. */
  files: number;
  fileBytes: number;
  databaseBytes: number;
  /** Whether DATA_DIR/secrets.json is inside (the environment may hold the secrets instead). */
  secrets: boolean;
}

export function isBackupManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  return m?.format === 'parley-backup' && m.version === 1 && m.database === 'pglite';
}
