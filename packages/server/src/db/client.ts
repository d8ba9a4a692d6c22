import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { PgliteWorkerClient } from './pglite-worker-client.ts';
import * as schema from './schema/index.ts';
import { MIGRATIONS_FOLDER, type Database, type DatabaseHandle } from './database.ts';

// The database's types live in database.ts, below this file and postgres-database.ts (which this
// file loads), so that the driver does not import its loader; the services import them from here.
export { MIGRATIONS_FOLDER, type Database, type DatabaseHandle, type Schema } from './database.ts';

/**
 * Opens the embedded database (PGlite on disk in `dataDir`, or in memory for `memory://`) or,
 * when `databaseUrl` is set, a PostgreSQL server through a `pg` pool.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Called with every statement's SQL (benchmark query counts). */
  onStatement?: (sql: string) => void;
  /**
   * In memory only: the database starts as a copy of this cluster (a dump of another embedded
   * database) instead of an empty one. The API tests start every server from one migrated dump.
   */
  memoryClusterDump?: Uint8Array;
}): Promise<DatabaseHandle> {
  const onStatement = opts.onStatement;
  const logger = onStatement ? { logQuery: (sql: string) => onStatement(sql) } : undefined;
  if (opts.databaseUrl) {
    // The PostgreSQL driver loads only when it is used: an install on the embedded database
    // should not hold it in memory.
    const { openPostgres } = await import('./postgres-database.ts');
    return openPostgres(opts.databaseUrl, logger);
  }
  const location = opts.dataDir === 'memory://' ? 'memory://' : `${opts.dataDir}/db`;
  // Fails at once when another process has this data directory open.
  const lock: DataDirLock | null = location === 'memory://' ? null : lockDataDir(opts.dataDir);
  try {
    const client = await openPglite(location, opts.memoryClusterDump);
    // The worker client answers the part of PGlite's API Drizzle's driver calls (query, transaction).
    const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close().finally(() => lock?.release()),
      exclusive: (fn) => client.exclusive(fn),
      memory: () => client.memory(),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** PGlite in its own thread, so its synchronous, CPU-bound work leaves the event loop free. */
async function openPglite(location: string, memoryClusterDump?: Uint8Array): Promise<PgliteWorkerClient> {
  if (location === 'memory://') return PgliteWorkerClient.start(location, { loadDataDir: memoryClusterDump });
  mkdirSync(location, { recursive: true });
  // Creating the cluster (initdb) grows PGlite's WebAssembly memory by about 500 MB, which
  // WebAssembly never gives back: the first start then held about 1 GB for its whole life.
  // Create it in a worker of its own and open it afresh.
  if (!existsSync(join(location, 'PG_VERSION'))) await (await PgliteWorkerClient.start(location)).close();
  return PgliteWorkerClient.start(location);
}

/**
 * Makes the embedded database at `location` (an empty directory) from a backup's dump of another
 * one, in a worker of its own like initdb (see openPglite).
 */
export async function restorePgliteCluster(location: string, dump: Uint8Array): Promise<void> {
  mkdirSync(location, { recursive: true });
  await (await PgliteWorkerClient.start(location, { loadDataDir: dump })).close();
}
