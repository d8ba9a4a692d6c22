import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { MIGRATIONS_FOLDER, type Database, type DatabaseHandle } from './database.ts';
import * as schema from './schema/index.ts';

/** A PostgreSQL server (DATABASE_URL) through a `pg` pool, as the services' one database type. */
export function openPostgres(databaseUrl: string, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}
