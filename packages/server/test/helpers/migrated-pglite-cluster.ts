import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../../src/db/client.ts';

/**
 * The migrated embedded database every API test server starts from.
 *
 * Each test server runs on a fresh in-memory PGlite. Creating that cluster (PostgreSQL's initdb)
 * and applying every migration to it was most of a test server's start, repeated by every test
 * file. Vitest's global setup (this file's default export) now does it once per run and leaves a
 * dump of the result on disk; each test server starts from a copy of the dump and then runs the
 * migrations as every start does, finding none left to apply. The start from an empty database
 * stays tested (`fresh-database.test.ts`).
 */
const DUMP_PATH_VARIABLE = 'PARLEY_TEST_PGLITE_DUMP';

/** Vitest global setup: migrates an in-memory PGlite and writes its dump; returns the cleanup. */
export default async function createMigratedCluster(): Promise<() => void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  let dump: Uint8Array;
  try {
    await database.migrate();
    dump = await database.exclusive!((held) => held.dump());
  } finally {
    await database.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'parley-test-cluster-'));
  const path = join(dir, 'migrated.tar');
  // Kept unpacked (about 40 MB instead of 5): PGlite then reads it without unzipping it at every start.
  writeFileSync(path, gunzipSync(dump));
  // The test workers start after the global setup and inherit the environment.
  process.env[DUMP_PATH_VARIABLE] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}

let dumpRead: Uint8Array | undefined;

/**
 * The migrated cluster's dump, read once per process; undefined where no global setup made one
 * (a script such as a benchmark), and the server then creates and migrates its database itself.
 */
export function migratedClusterDump(): Uint8Array | undefined {
  const path = process.env[DUMP_PATH_VARIABLE];
  if (!path) return undefined;
  return (dumpRead ??= readFileSync(path));
}
