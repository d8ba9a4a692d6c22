// Child processes of a benchmark (the simulator, the server, the load generator), with the CPU
// time and peak memory the kernel accounts to each: all of them share the machine's cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const CLOCK_TICKS_PER_SECOND = 100;

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** User + system CPU time so far, in milliseconds (/proc/<pid>/stat). */
  cpuMs(): number;
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

/** Runs `node --import tsx <script>` with `env` added to this process's environment. */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeArgs: string[] = [],
): NodeProcess {
  let out = '';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
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
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
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
 * Runs a load generator (load-client.ts unless another is named) as its own process and answers
 * the JSON it prints last.
 */
export async function runLoad<T>(
  job: unknown,
  script = new URL('./load-client.ts', import.meta.url),
): Promise<T & { cpuMs: number }> {
  const proc = spawnNode(script.pathname, {}, [JSON.stringify(job)]);
  const code = await proc.exited;
  const lines = proc.output().trim().split('\n');
  if (code !== 0) throw new Error(`load generator failed (${code}):\n${proc.output()}`);
  return JSON.parse(lines.at(-1)!) as T & { cpuMs: number };
}
