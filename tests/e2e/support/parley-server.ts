import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from './admin-cli.ts';
import { seedMigratedDatabase } from './migrated-database.ts';

const REPO_ROOT = new URL('../../../', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Asks the OS for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Parley exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Parley did not become healthy at ${url} within ${timeoutMs} ms`);
}

/**
 * An admin command creating the instance's first account. A fresh install sends /login to the
 * first-run setup page; a spec that starts its own server and tests the sign-in page (SSO buttons,
 * say) passes this in `admin` so the page it meets is the sign-in page.
 */
export const CREATE_OWNER: string[] = [
  'create-user',
  'owner@e2e.example.com',
  'E2E Owner',
  '--password',
  'e2e owner password',
];

/**
 * Starts the real Parley server (built web app, fresh temporary DATA_DIR, relaxed rate limits) on
 * a free port; `yaml` becomes its parley.yaml.
 */
export async function startParley(
  opts: {
    yaml?: string;
    env?: Record<string, string>;
    admin?: string[][];
    port?: number;
    host?: string;
  } = {},
): Promise<RunningServer> {
  // Loopback unless a test opens Parley the way a home network does (at the machine's LAN address).
  const host = opts.host ?? '127.0.0.1';
  // A caller that must know the URL up front (e.g. to register it at an identity provider) picks the port.
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const configPath = join(dataDir, 'parley.yaml');
  writeFileSync(configPath, opts.yaml ?? 'version: 1.2.8\n');
  const env = {
    ...process.env,
    HOST: host,
    PORT: String(port),
    DATA_DIR: dataDir,
    CONFIG_PATH: configPath,
    LOG_LEVEL: 'warn',
    LOGIN_MAX: '1000',
    REGISTER_MAX: '1000',
    RESET_PASSWORD_MAX: '1000',
    VERIFY_EMAIL_MAX: '1000',
    TWO_FACTOR_MAX: '1000',
    // Every test uploads from 127.0.0.1 to this one server: the per-IP window must not fill up.
    FILE_UPLOAD_IP_MAX: '1000',
    // Without e-mail, password reset is off by default; the reset flow is tested with it on.
    ALLOW_PASSWORD_RESET: 'true',
    NODE_ENV: 'test',
    ...opts.env,
  };
  seedMigratedDatabase(dataDir);
  // Admin commands (e.g. set-banner) run first: the embedded database allows one process at a time.
  for (const args of opts.admin ?? []) runAdmin(args, env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  const url = `http://${host}:${port}`;
  try {
    // A first start creates the database cluster; on a loaded machine that can take minutes.
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
