// Starting the compiled server (packages/server/dist, from scripts/server-build.mjs) the way
// `npm start` does, for the suite that tests what users run.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = new URL('../../../../', import.meta.url).pathname;
export const RUN_SERVER = join(ROOT, 'scripts/run-server.mjs');
export const ADMIN = join(ROOT, 'scripts/admin.mjs');

/**
 * What the root package.json's `start` script sets before scripts/start.mjs, which (once its
 * builds are fresh) imports scripts/run-server.mjs in the same process: the allocator hint in the
 * environment and the V8 flag on the command line.
 */
export const NPM_START_ENV = { MALLOC_TRIM_THRESHOLD_: '1048576' };
export const NPM_START_FLAGS = ['--max-semi-space-size=4'];

export interface Launched {
  child: ChildProcess;
  /** Everything the process (and its children sharing its output) printed so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export function watch(child: ChildProcess): Launched {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string | (() => string),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the compiled server under a stand-in for npm: a parent process that starts
 * `node --max-semi-space-size=4 scripts/run-server.mjs` and prints its pid, so a test can kill
 * the parent as a closed terminal would. Resolves once /health answers.
 */
export async function launchCompiledServer(
  env: Record<string, string>,
  port: number,
): Promise<{ parent: Launched; serverPid: number }> {
  const args = JSON.stringify([...NPM_START_FLAGS, RUN_SERVER]);
  const launcher = `const c = require('node:child_process').spawn(process.execPath, ${args}, { stdio: ['ignore', 'inherit', 'inherit'] }); console.log('server pid ' + c.pid); setInterval(() => {}, 1000);`;
  const parent = watch(spawn(process.execPath, ['-e', launcher], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  await waitFor(() => /server pid (\d+)/.test(parent.output()), 30_000, 'the launcher');
  const serverPid = Number(/server pid (\d+)/.exec(parent.output())![1]);
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    90_000,
    () => `the server to answer /health:\n${parent.output()}`,
  );
  return { parent, serverPid };
}

/** The pids of the processes whose parent is `pid`, with their command lines (Linux /proc). */
export async function childProcesses(pid: number): Promise<{ pid: number; command: string }[]> {
  const { readFile, readdir } = await import('node:fs/promises');
  const found: { pid: number; command: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent pid is the second field after the command, which sits in parentheses.
    const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parentPid !== pid) continue;
    const command = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    found.push({ pid: Number(entry), command });
  }
  return found;
}
