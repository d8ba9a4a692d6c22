// First run: what a newcomer waits for between `git clone` and a working Parley — `npm install`
// (with npm's cache warm, as after any earlier install on the machine) and the first `npm start`
// until `GET /health` answers, on a fresh clone with no build and no data directory.
//
//   npm run bench first-run            (ROUNDS=3 to change the default)
//
// Each round clones the repository's committed HEAD into a temporary folder, so what is timed is
// what a person gets, not this working tree's builds. The start is split by what `npm start`
// prints (web build done, server listening) so a slow part can be found. Goal: install and first
// start together within 60 s, the start within 15 s, on a two-core machine.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/processes.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const GOAL_TOTAL_MS = 60_000;
const GOAL_START_MS = 15_000;

interface Round {
  installMs: number;
  startMs: number;
  webBuiltMs: number | null;
  listeningMs: number | null;
}

function timed(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  return performance.now() - started;
}

async function firstStart(dir: string): Promise<Omit<Round, 'installMs'>> {
  const port = await freePort();
  const started = performance.now();
  let webBuiltMs: number | null = null;
  let listeningMs: number | null = null;
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (webBuiltMs === null && /built in/.test(text)) webBuiltMs = performance.now() - started;
    if (listeningMs === null && /Parley is listening/.test(text)) listeningMs = performance.now() - started;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('npm start exited before it was healthy');
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { startMs: performance.now() - started, webBuiltMs, listeningMs };
      if (performance.now() - started > 300_000) throw new Error('not healthy after 300 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const rounds: Round[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'parley-first-run-'));
  try {
    execFileSync('git', ['clone', '--quiet', ROOT, dir]);
    const installMs = timed('npm', ['install', '--no-audit', '--no-fund'], dir);
    rounds.push({ installMs, ...(await firstStart(dir)) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
const totals = rounds.map((r) => r.installMs + r.startMs);
console.log(
  JSON.stringify({
    bench: 'first-run',
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    node: process.version,
    rounds: rounds.map((r, i) => ({
      installMs: round(r.installMs),
      startMs: round(r.startMs),
      webBuiltMs: round(r.webBuiltMs),
      listeningMs: round(r.listeningMs),
      totalMs: round(totals[i]!),
    })),
    goalTotalMs: GOAL_TOTAL_MS,
    goalStartMs: GOAL_START_MS,
    metGoal: rounds.every((r) => r.installMs + r.startMs <= GOAL_TOTAL_MS && r.startMs <= GOAL_START_MS),
  }),
);
