import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port.ts';
import type { TestServer } from '../helpers/test-server.ts';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;

/** One Parley server running as its own process (`node --import tsx src/main.ts`). */
export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** fetch against this instance, as `TestServer.api` does. */
  api: TestServer['api'];
  output(): string;
  /** SIGKILL: the instance vanishes without saving anything. */
  kill(): Promise<void>;
  /** SIGTERM and wait, then remove its data directory. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * A free port is only known free when it is picked; the instance binds it seconds later, after
 * tsx has compiled the server, and on a machine running many tests another process can take it
 * in between. An instance that exits on EADDRINUSE is therefore started again on a new port.
 */
const PORT_ATTEMPTS = 5;

/** Starts an instance with `env` on a free loopback port and waits until /health answers. */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(name, env);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOnFreePort(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `parley-${name}-`));
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  // Generous: on a machine shared by several test runs a start can take over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await exited(child);
      cleanup();
      if (out.includes('EADDRINUSE')) throw new PortTaken(`instance ${name}: port ${port} was taken`);
      throw new Error(`instance ${name} exited: ${out}`);
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const api: TestServer['api'] = (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set('content-type', 'application/json');
    if (token) h.set('authorization', `Bearer ${token}`);
    return fetch(url + path, {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return {
    name,
    url,
    child,
    api,
    output: () => out,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
      cleanup();
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
      cleanup();
    },
  };
}
