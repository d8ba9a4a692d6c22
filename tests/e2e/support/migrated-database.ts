import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from './admin-cli.ts';

/**
 * The embedded database every server of the browser suite starts with.
 *
 * A server process's first start creates its database cluster (PostgreSQL's initdb in WebAssembly)
 * and applies every migration: 40-50 s on a loaded two-core machine, against 15 s for a start on an
 * existing database. The global setup makes one migrated database per run (the admin CLI opens and
 * migrates it, like any command) and each server's DATA_DIR gets a copy of it before the server
 * starts; the server then opens it as after a restart and runs the migrations, finding none left.
 * The first start on an empty DATA_DIR is tested by the server's own tests (test/startup).
 */
const TEMPLATE_VARIABLE = 'PARLEY_E2E_DATABASE_TEMPLATE';

/** Global setup: creates the migrated database; returns its removal. */
export function createMigratedDatabase(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'parley-e2e-template-'));
  writeFileSync(join(dir, 'parley.yaml'), 'version: 1.2.8\n');
  runAdmin(['list-users'], { ...process.env, DATA_DIR: dir, CONFIG_PATH: join(dir, 'parley.yaml') });
  // The workers start after the global setup and inherit the environment.
  process.env[TEMPLATE_VARIABLE] = join(dir, 'db');
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Copies the migrated database into a new server's `dataDir` (nothing when none was made). */
export function seedMigratedDatabase(dataDir: string): void {
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) cpSync(template, join(dataDir, 'db'), { recursive: true });
}
