// Child processes of a benchmark (the simulator, the server, the load generator), with the CPU
// time and peak memory the kernel accounts to each: all of them share the machine's cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createServer } from 'node:net';

const CLOCK_TICKS_PER_SECOND = 100;

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** User + system CPU time so far, in milliseconds (/proc/<pid>/stat). */
  cpuMs(): number;
  /** The same, split between the main thread (the event loop) and all the process's other threads. */
  threadCpuMs(): ThreadCpu;
  /** Peak resident memory so far (VmHWM), in bytes. */
  peakRssBytes(): number;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Which of a benchmark's processes a core is reserved for (see pinnedCores). */
export type BenchRole = 'server' | 'traffic';

/**
 * With BENCH_PIN=1 (and at least two cores), the server runs alone on the last core and the
 * traffic (the simulator and the load generator) on the others, through `taskset`: the server's
 * CPU per stream is then measured without the traffic competing for its core. Undefined (no
 * pinning) otherwise.
 */
export function pinnedCores(role: BenchRole): string | undefined {
  if (process.env.BENCH_PIN !== '1') return undefined;
  const last = availableParallelism() - 1;
  if (last < 1) throw new Error('BENCH_PIN=1 needs at least two cores');
  return role === 'server' ? String(last) : last === 1 ? '0' : `0-${last - 1}`;
}

/** What pinning a run used, for its figures (null without BENCH_PIN=1). */
export function pinning(): { server: string; traffic: string } | null {
  const server = pinnedCores('server');
  return server ? { server, traffic: pinnedCores('traffic')! } : null;
}

/**
 * Runs `node --import tsx <script>` with `env` added to this process's environment, on the
 * cores `cpus` (a taskset list such as "0" or "0-2") when given. taskset replaces itself with
 * node, so the pid is node's and its CPU time is read as usual.
 */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeArgs: string[] = [],
  cpus?: string,
): NodeProcess {
  let out = '';
  const command = [process.execPath, ...nodeArgs, '--import', 'tsx', script, ...args];
  const [file, ...argv] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file!, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid!;
  return {
    child,
    pid,
    output: () => out,
    cpuMs: () => cpuMsOf(pid),
    threadCpuMs: () => threadCpuOf(pid),
    peakRssBytes: () => peakRssOf(pid),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a live process, from /proc (fields 14 and 15, after the command name). */
export function cpuMsOf(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

function statCpuMs(path: string): number {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU time of the main thread (the event loop: HTTP, streams, JSON, query building) and of the
 * rest (worker threads such as the embedded database's, the garbage collector's helpers, libuv's
 * pool). A thread that has ended is no longer listed, so read both ends of a window while the
 * process's threads live.
 */
export interface ThreadCpu {
  main: number;
  others: number;
}

export function threadCpuOf(pid: number): ThreadCpu {
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (Number(tid) === pid) continue;
    try {
      others += statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { main: statCpuMs(`/proc/${pid}/task/${pid}/stat`), others };
}

export function peakRssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** Resident memory now (VmRSS), in bytes; null for a process that has gone. */
export function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resolves once `url` answers (any status), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, proc: NodeProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs a load generator (load-client.ts unless another is named) as its own process, on the
 * traffic's cores under BENCH_PIN=1, and answers the JSON it prints last.
 */
export async function runLoad<T>(
  job: unknown,
  script = new URL('./load-client.ts', import.meta.url),
): Promise<T & { cpuMs: number }> {
  const proc = spawnNode(script.pathname, {}, [JSON.stringify(job)], [], pinnedCores('traffic'));
  const code = await proc.exited;
  const lines = proc.output().trim().split('\n');
  if (code !== 0) throw new Error(`load generator failed (${code}):\n${proc.output()}`);
  return JSON.parse(lines.at(-1)!) as T & { cpuMs: number };
}
