import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';

/**
 * The migrated PostgreSQL database every API test database is copied from.
 *
 * On PostgreSQL each test server gets a database of its own. Applying every migration to each new
 * one cost more than the copy PostgreSQL makes of a template (`CREATE DATABASE … TEMPLATE`), so
 * vitest's global setup (this file's default export) migrates one template once per run and
 * `createTestDatabase` copies it; the server then runs the migrations as every start does, finding
 * none left to apply. The start from an empty database stays tested (`fresh-database.test.ts`).
 */
const TEMPLATE_VARIABLE = 'PARLEY_TEST_POSTGRES_TEMPLATE';

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database's URL on the server `adminUrl` points at. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Vitest global setup: creates and migrates the template on TEST_DATABASE_URL's server. */
export default async function createMigratedTemplate(): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `parley_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: '' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // The test workers start after the global setup and inherit the environment.
  process.env[TEMPLATE_VARIABLE] = name;
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The migrated template's name; undefined where no global setup made one. */
export function migratedTemplate(): string | undefined {
  return process.env[TEMPLATE_VARIABLE] || undefined;
}
