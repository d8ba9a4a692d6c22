// The production start: the compiled server (scripts/server-build.mjs) run by
// scripts/run-server.mjs, as `npm start` runs it once its builds are fresh.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { buildServerIfStale } from '../../../../scripts/server-build.mjs';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const RUN_SERVER = join(ROOT, 'scripts/run-server.mjs');

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Launched {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function watch(child: ChildProcess): Launched {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the compiled server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-prod-'));
  let port: number;
  let env: Record<string, string>;
  let parent: Launched;
  let serverPid: number;

  beforeAll(async () => {
    await buildServerIfStale();
    port = await freePort();
    env = {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO_ENDPOINT: 'false',
      LOG_LEVEL: 'debug',
    };
    // A stand-in for npm: a parent process that starts the server and prints its pid.
    const launcher = `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(RUN_SERVER)}], { stdio: ['ignore', 'inherit', 'inherit'] }); console.log('server pid ' + c.pid); setInterval(() => {}, 1000);`;
    parent = watch(spawn(process.execPath, ['-e', launcher], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    await waitFor(() => /server pid (\d+)/.test(parent.output()), 30_000, 'the launcher');
    serverPid = Number(/server pid (\d+)/.exec(parent.output())![1]);
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      `the server to answer /health:\n${parent.output()}`,
    );
  }, 120_000);

  afterAll(() => {
    if (isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (parent.child.exitCode === null) parent.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes JSON log lines off a terminal, each request with an id that its error answer repeats', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/no-such-route`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { requestId: string };
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(body.requestId);
    await waitFor(() => parent.output().includes(body.requestId), 10_000, 'the request in the log');
    const lines = parent
      .output()
      .split('\n')
      .filter((l) => l.includes(body.requestId));
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: body.requestId });
  });

  it('refuses a second start on the same DATA_DIR at once, naming the process that holds it', async () => {
    const second = watch(
      spawn(process.execPath, [RUN_SERVER], {
        env: { ...env, PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const started = Date.now();
    expect(await second.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.output()).toContain(`is in use by another Parley process (pid ${serverPid}`);
    // The first server did not notice.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);
  }, 30_000);

  it('stops when the process that started it is killed, even with SIGKILL', async () => {
    parent.child.kill('SIGKILL');
    await parent.exited;
    await waitFor(() => !isRunning(serverPid), 20_000, 'the server to stop');
  }, 30_000);
});
