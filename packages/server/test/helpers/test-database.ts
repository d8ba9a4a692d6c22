import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratedClusterDump } from './migrated-pglite-cluster.ts';
import { databaseUrl, migratedTemplate } from './migrated-postgres-template.ts';

/**
 * With TEST_DATABASE_URL set, each test server gets its own throwaway database on that
 * PostgreSQL server; without it, tests run on in-memory PGlite. Either starts as a copy of the
 * run's migrated database (see migrated-pglite-cluster.ts, migrated-postgres-template.ts) unless
 * `empty` asks for one with nothing in it.
 */
export interface TestDatabase {
  databaseUrl?: string;
  /** PGlite: the cluster the in-memory database starts from (none: an empty database). */
  memoryClusterDump?: Uint8Array;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    return { memoryClusterDump: opts.empty ? undefined : migratedClusterDump(), drop: async () => undefined };
  }
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? undefined : migratedTemplate();
  await adminQuery(admin, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    databaseUrl: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export const testDatabaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
