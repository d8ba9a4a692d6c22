import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'info', DEMO_ENDPOINT: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

// Generous on purpose: this test checks that the process starts and stops, not how fast. On a
// two-core machine under a full test run, transpiling with tsx and opening the embedded database
// has taken over a minute.
async function waitForHealth(url: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** The exit code, or the name of the signal that ended the process (a failure then says which). */
const exited = (child: ChildProcess) =>
  new Promise<number | string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once('exit', (code, signal) => resolve(code ?? signal));
  });

async function outputContains(output: () => string, text: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`never printed ${text}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the server process', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('starts on the embedded database, generates its secrets, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
    };
    const { child, output } = launch({
      ...env,
      DATABASE_URL: '',
      JWT_SECRET: '',
      JWT_REFRESH_SECRET: '',
      CREDS_KEY: '',
    });
    children.push(child);
    await waitForHealth(`http://127.0.0.1:${port}`);

    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(secrets).sort()).toEqual(['credsKey', 'jwtRefreshSecret', 'jwtSecret', 'ssoSecret']);
    expect(secrets.credsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(dataDir, 'db'))).toBe(true);

    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output()).toContain('shutting down');

    // A second start reuses the stored secrets and the migrated database.
    const again = launch({ ...env, DATABASE_URL: '', JWT_SECRET: '', JWT_REFRESH_SECRET: '', CREDS_KEY: '' });
    children.push(again.child);
    await waitForHealth(`http://127.0.0.1:${port}`);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'))).toEqual(secrets);
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 180_000);

  it('refuses to start with an invalid parley.yaml and lists every bad key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-proc-'));
    dirs.push(dataDir);
    const configPath = join(dataDir, 'parley.yaml');
    writeFileSync(configPath, 'interface:\n  sidepanel: true\nregistration:\n  allowedDomain: [x]\n');
    const { child, output } = launch({
      DATA_DIR: dataDir,
      CONFIG_PATH: configPath,
      PORT: String(await freePort()),
    });
    children.push(child);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('interface.sidepanel: unknown key');
    expect(output()).toContain('registration.allowedDomain: unknown key');
  }, 30_000);

  it('warns at start about each parley.yaml section it does not implement, saying what will not happen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-proc-'));
    dirs.push(dataDir);
    const configPath = join(dataDir, 'parley.yaml');
    writeFileSync(configPath, 'secureImageLinks: true\nactions: {}\n');
    const port = await freePort();
    const { child, output } = launch({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONFIG_PATH: configPath,
      PORT: String(port),
    });
    children.push(child);
    await waitForHealth(`http://127.0.0.1:${port}`);
    expect(output()).toContain(
      'the secureImageLinks section is not implemented yet and is ignored: image links are not signed.',
    );
    // actions is implemented now: it must not be announced as ignored.
    expect(output()).not.toContain('the actions section is not implemented');
    // Opened by an IP address: passkeys cannot work there, and the operator is told so.
    expect(output()).toContain(`Passkeys cannot work at http://127.0.0.1:${port}`);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 180_000);

  // A SIGTERM that arrived while the server was still starting used to end the process by the
  // signal's default action (no exit code, the embedded database left open): the handlers are now
  // installed before the start, and an early signal stops the server once it is up.
  it('stops cleanly on a SIGTERM received while it is still starting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, output } = launch({ HOST: '127.0.0.1', DATA_DIR: dataDir, PORT: String(port) });
    children.push(child);
    // Printed at the very beginning of the start, before the database opens.
    await outputContains(output, 'Passkeys cannot work at');
    child.kill('SIGTERM');
    expect(await exited(child), output()).toBe(0);
    expect(output()).toContain('shutting down');
    expect(output()).not.toContain('Parley is listening');
  }, 180_000);

  it('refuses REDIS_URL without DATABASE_URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-proc-'));
    dirs.push(dataDir);
    const { child, output } = launch({
      DATA_DIR: dataDir,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: '',
      PORT: String(await freePort()),
    });
    children.push(child);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('REDIS_URL is set without DATABASE_URL');
  }, 30_000);
});
