// Shared by bench/conversations-*.bench.ts: a Parley server process on a copy of the cached
// benchmark database, a signed-in token, timing and percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/e2e/support/parley-server.ts';
import { BENCH_USER, ensureBenchData } from './conversations-data.ts';

export interface BenchServer {
  url: string;
  pid: number;
  token: string;
  /** Resident memory of the server process now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

const REPO_ROOT = new URL('../', import.meta.url).pathname;

/** Starts `packages/server/src/main.ts` as its own process on a fresh copy of the benchmark data. */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const cache = await ensureBenchData();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-run-'));
  spawnSync('cp', ['-r', `${cache}/db`, `${dataDir}/db`], { stdio: 'inherit' });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return {
    url,
    pid: child.pid!,
    token,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET with the bench user's token; resolves to the elapsed milliseconds (fails on non-2xx). */
export async function timedGet(server: BenchServer, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${server.token}` } });
  const body = await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return elapsed;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const round = (ms: number) => Math.round(ms * 10) / 10;
