// Cold start: `npm start` (the way an operator runs Parley) until `GET /health` answers, on a
// data directory that already holds a migrated database and a user who has used it (a restart),
// and the resident memory of every process `npm start` left running once the server has been
// idle for a while.
//
//   npm run bench cold-start            (ROUNDS=5 IDLE_MS=15000 to change the defaults)
//
// The first start (which creates the cluster and builds what is stale) is not counted; on it a
// user signs up and makes a few requests, so the restarts open a database with data in it. Every
// figure is summed over the whole process tree (npm, the start script, the server and anything
// they spawned), because moving work into a child process saves nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from './support/parley-stack.ts';
import { freePort } from './support/processes.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const IDLE_MS = Number(process.env.IDLE_MS ?? 15_000);

/** Every descendant of `root` (and root itself), from /proc's parent links. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

function startParley(dataDir: string, port: number): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function msUntilHealthy(port: number, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('npm start exited before it was healthy');
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error('not healthy after 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What a person does first: sign up, open the app, list conversations, check the endpoints. */
async function useOnce(port: number): Promise<void> {
  const url = `http://127.0.0.1:${port}`;
  const token = await signUp(url);
  for (const path of ['/api/config', '/api/endpoints', '/api/models', '/api/convos', '/api/user']) {
    const response = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    await response.arrayBuffer();
  }
}

/** Stops `npm start` with SIGTERM; answers how many of its processes outlived it (then kills them). */
async function stop(child: ChildProcess): Promise<number> {
  const tree = processTree(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const deadline = Date.now() + 15_000;
  let leftovers = tree.filter((pid) => rssOf(pid) > 0);
  while (leftovers.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    leftovers = leftovers.filter((pid) => rssOf(pid) > 0);
  }
  // A server that outlived npm start is the bug the figure reports; it must not run on.
  for (const pid of leftovers) process.kill(pid, 'SIGKILL');
  return leftovers.length;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const dataDir = mkdtempSync(join(tmpdir(), 'parley-cold-'));
try {
  const port = await freePort();
  const first = startParley(dataDir, port);
  await msUntilHealthy(port, first, performance.now());
  await useOnce(port);
  let outlived = await stop(first);

  const startMs: number[] = [];
  // Every round's idle figure, since the goal holds for each restart, not for a lucky one.
  const idle: { rssBytes: number; processes: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const child = startParley(dataDir, port);
    startMs.push(await msUntilHealthy(port, child, started));
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const tree = processTree(child.pid!);
    idle.push({ rssBytes: tree.reduce((sum, pid) => sum + rssOf(pid), 0), processes: tree.length });
    outlived += await stop(child);
  }
  const idleMB = idle.map((each) => Math.round(each.rssBytes / 1024 / 1024));
  console.log(
    JSON.stringify({
      bench: 'cold-start',
      cpu: cpus()[0]?.model,
      rounds: ROUNDS,
      startToHealthyMs: {
        p50: Math.round(percentile(startMs, 50)),
        min: Math.round(Math.min(...startMs)),
        max: Math.round(Math.max(...startMs)),
      },
      idleAfterMs: IDLE_MS,
      idleRssMB: { max: Math.max(...idleMB), eachRound: idleMB },
      idleProcesses: Math.max(...idle.map((each) => each.processes)),
      processesOutlivingSigterm: outlived,
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
