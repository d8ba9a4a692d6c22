import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { SERVER_PACKAGE_DIR } from '../package-dir.ts';
import type { DatabaseThreadMemory, PgliteWorkerClient } from './pglite-worker-client.ts';
import type * as schema from './schema/index.ts';

// What every driver's database is to the rest of the server. client.ts opens one, loading
// postgres-database.ts for DATABASE_URL; both import this file, so neither imports the other back.

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database only: runs `fn` with the database to itself (a consistent backup). */
  exclusive?: PgliteWorkerClient['exclusive'];
  /** The embedded database only: its thread's memory (benchmark figures). */
  memory?(): Promise<DatabaseThreadMemory>;
}

export const MIGRATIONS_FOLDER = join(SERVER_PACKAGE_DIR, 'drizzle');
