import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError } from '../../errors/app-error.ts';
import type { CodeEngine } from './code-languages.ts';
import { PythonSnapshot } from './python-snapshot.ts';
import { PERMISSION_FLAG } from './permission-flag.ts';

/** What one run may use. Every limit ends the run with a clear error, never the server. */
export interface CodeRunLimits {
  /** Wall-clock time from the code's start to its answer. */
  timeoutMs: number;
  /** The run's process as a whole (WASM heap included), checked on its resident memory. */
  memoryBytes: number;
  /** Printed output, stdout and stderr together. */
  maxOutputBytes: number;
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  /** Runs at once on this server; more are refused until one ends. */
  maxConcurrent: number;
}

export const DEFAULT_CODE_RUN_LIMITS: CodeRunLimits = {
  timeoutMs: 30_000,
  memoryBytes: 512 * 1024 * 1024,
  maxOutputBytes: 1024 * 1024,
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
  maxConcurrent: 4,
};

/** A file the code wrote to its working directory (/mnt/data), by its path there. */
export interface CodeRunFile {
  name: string;
  bytes: Uint8Array;
}

/** A finished run: what it printed, the error it ended with (if any) and the files it wrote. */
export interface CodeRunResult {
  stdout: string;
  stderr: string;
  error?: string;
  files: CodeRunFile[];
  durationMs: number;
}

type ChildMessage =
  | { type: 'ready' }
  | { type: 'result'; stdout: string; stderr: string; error?: string; files: CodeRunFile[] }
  | { type: 'failed'; reason: 'output'; limit: number }
  | { type: 'snapshot'; bytes: Uint8Array };

/** How long an engine may take to load before the run is given up (a loaded machine is slow). */
const ENGINE_START_MS = 180_000;
/** How often a run's resident memory is checked against its limit. */
const MEMORY_CHECK_MS = 50;

const require = createRequire(import.meta.url);
const CHILD_FILE = fileURLToPath(new URL('./code-run-child.mjs', import.meta.url));
/** The JavaScript runs' in-memory working directory, which the child imports. */
const CHILD_FILES_MODULE = fileURLToPath(new URL('./code-run-js-files.mjs', import.meta.url));

/** The engine packages' entry files; the child may read their folders and nothing else. */
function enginePaths(engine: CodeEngine) {
  if (engine === 'python') {
    const entry = require.resolve('pyodide/package.json').replace(/package\.json$/, 'pyodide.mjs');
    return { entry, variant: '', readable: [dirname(entry)] };
  }
  // These packages export no package.json: their folders are found from their entry files.
  const packageDir = (entry: string) => dirname(dirname(entry));
  const core = packageDir(require.resolve('quickjs-emscripten-core'));
  const variant = packageDir(require.resolve('@jitl/quickjs-wasmfile-release-sync'));
  const ffiTypes = packageDir(require.resolve('@jitl/quickjs-ffi-types', { paths: [core] }));
  return {
    entry: `${core}/dist/index.mjs`,
    variant: `${variant}/dist/index.mjs`,
    readable: [core, variant, ffiTypes],
  };
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The run process's program, under the permission model: it may read the engine's package, the
 * child's own files and the Python snapshot it starts from, and nothing else. Exported for its
 * tests, which drive a run process without a runner around it.
 */
export function forkEngine(
  mode: CodeEngine | 'python-snapshot',
  limits: CodeRunLimits,
  snapshotPath: string | null,
): ChildProcess {
  const paths = enginePaths(mode === 'python-snapshot' ? 'python' : mode);
  const readable = [...paths.readable.map((dir) => `${dir}/*`), CHILD_FILE, CHILD_FILES_MODULE];
  if (snapshotPath) readable.push(snapshotPath);
  return fork(
    CHILD_FILE,
    [
      mode,
      pathToFileURL(paths.entry).href,
      paths.variant && pathToFileURL(paths.variant).href,
      snapshotPath ?? '',
    ],
    {
      // Nothing of the server's environment (secrets, database URL) reaches the run.
      env: {},
      execArgv: [
        PERMISSION_FLAG,
        ...readable.map((p) => `--allow-fs-read=${p}`),
        '--disallow-code-generation-from-strings',
        `--max-old-space-size=${Math.max(64, Math.floor(limits.memoryBytes / (2 * 1024 * 1024)))}`,
        '--no-warnings',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
}

/** Makes Pyodide's memory snapshot in a process that runs no code (see PythonSnapshot). */
function takePythonSnapshot(
  limits: CodeRunLimits,
  timeoutMs: number,
  started: (child: ChildProcess) => void,
): Promise<Uint8Array> {
  const child = forkEngine('python-snapshot', limits, null);
  started(child);
  // Like a spare, it must not keep a stopping server alive.
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  let timer: NodeJS.Timeout | undefined;
  return new Promise<Uint8Array>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Making the Python snapshot took too long')), timeoutMs);
    child.once('message', (message: ChildMessage) => {
      if (message.type === 'snapshot') resolve(message.bytes);
      else reject(new Error(`The snapshot process answered ${message.type}`));
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The snapshot process stopped (${signal ?? code})`)),
    );
    child.once('error', reject);
  }).finally(() => {
    clearTimeout(timer);
    child.kill('SIGKILL');
  });
}

/** One loaded-or-loading engine process, good for exactly one run. */
class EngineProcess {
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private startupOutput = '';
  private exited = false;

  constructor(engine: CodeEngine, limits: CodeRunLimits, snapshotPath: string | null = null) {
    this.child = forkEngine(engine, limits, snapshotPath);
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.startupOutput = (this.startupOutput + chunk.toString()).slice(-4000);
    });
    this.child.on('exit', () => {
      this.exited = true;
    });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error(`The ${engine} engine did not start within ${ENGINE_START_MS / 1000} s`));
      }, ENGINE_START_MS);
      this.child.once('message', (message: ChildMessage) => {
        clearTimeout(timer);
        if (message.type === 'ready') resolve();
        else reject(new Error(`The ${engine} engine answered ${message.type} before it was ready`));
      });
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `The ${engine} engine stopped while starting (${signal ?? code}): ${this.startupOutput.trim()}`,
          ),
        );
      });
    });
    // A spare nobody asks for must not keep the server's process alive, nor fail loudly.
    this.ready.catch(() => undefined);
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Sends the code and waits for its answer, killing the process at the first limit it passes. */
  run(code: string, limits: CodeRunLimits): Promise<Omit<CodeRunResult, 'durationMs'>> {
    return new Promise((resolve) => {
      const finish = (result: Omit<CodeRunResult, 'durationMs'>) => {
        clearTimeout(timer);
        clearInterval(memoryCheck);
        this.kill();
        resolve(result);
      };
      const fail = (error: string) => finish({ stdout: '', stderr: '', error, files: [] });
      const timer = setTimeout(
        () => fail(`TimeoutError: the run took longer than ${limits.timeoutMs / 1000} s and was stopped`),
        limits.timeoutMs,
      );
      const memoryCheck = setInterval(() => {
        void this.residentBytes().then((bytes) => {
          if (bytes > limits.memoryBytes) {
            fail(
              `MemoryError: the run used more than its memory limit of ${megabytes(limits.memoryBytes)} and was stopped`,
            );
          }
        });
      }, MEMORY_CHECK_MS);
      this.child.on('message', (message: ChildMessage) => {
        if (message.type === 'result') {
          finish({
            stdout: message.stdout,
            stderr: message.stderr,
            error: message.error,
            files: message.files,
          });
        } else if (message.type === 'failed') {
          fail(`OutputLimitError: the run printed more than ${megabytes(message.limit)} and was stopped`);
        }
      });
      this.child.once('exit', (code, signal) => {
        fail(`The run's process ended unexpectedly (${signal ?? `exit code ${code}`})`);
      });
      this.child.send({ type: 'run', code, limits });
    });
  }

  /** Resident memory of the process from /proc (Linux); 0 where that is not available. */
  private async residentBytes(): Promise<number> {
    if (this.exited || this.child.pid === undefined) return 0;
    const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8').catch(() => '');
    const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

/**
 * Runs untrusted Python and JavaScript. Each run gets a process of its own, forked with an empty
 * environment under Node's permission model, that exits after its one run; so no run sees
 * another's files or state. Loading Pyodide takes seconds, so after a run (or on `warmUp`) a
 * spare process per engine loads ahead of time and the next run starts at once.
 */
export class CodeRunner {
  private readonly spares = new Map<CodeEngine, EngineProcess>();
  private readonly snapshot: PythonSnapshot | null;
  /** The snapshot being made before the next Python spare loads. */
  private preparing: Promise<void> | null = null;
  private snapshotMaker: ChildProcess | null = null;
  private active = 0;
  private closed = false;

  /**
   * `snapshotDir`, a folder private to the server, keeps Pyodide's memory snapshot across runs and
   * restarts; without it every Python process loads the interpreter in full.
   */
  constructor(
    readonly limits: CodeRunLimits = DEFAULT_CODE_RUN_LIMITS,
    private readonly keepSpares = true,
    snapshotDir?: string,
  ) {
    this.snapshot = snapshotDir ? new PythonSnapshot(snapshotDir) : null;
  }

  /** Starts loading a spare for `engine` now, so the first run does not pay the engine's start. */
  warmUp(engine: CodeEngine): void {
    if (!this.closed && !this.spares.has(engine)) this.spares.set(engine, this.newProcess(engine));
  }

  private newProcess(engine: CodeEngine): EngineProcess {
    const snapshotPath = engine === 'python' ? (this.snapshot?.usable() ?? null) : null;
    return new EngineProcess(engine, this.limits, snapshotPath);
  }

  /**
   * After a Python run without a snapshot: makes it, then loads the spare from it (one load at a
   * time, so the run's machine is not asked for two). A failed snapshot only costs speed.
   */
  private prepareNext(engine: CodeEngine): void {
    if (engine !== 'python' || !this.snapshot || this.snapshot.usable()) return this.warmUp(engine);
    this.preparing = this.snapshot
      .ensure((timeoutMs) =>
        takePythonSnapshot(this.limits, timeoutMs, (child) => (this.snapshotMaker = child)),
      )
      .catch(() => undefined)
      .then(() => {
        this.preparing = null;
        this.snapshotMaker = null;
        this.warmUp(engine);
      });
  }

  /** Resolves once a spare for `engine` has loaded (after `warmUp` or a run); for benchmarks and tests. */
  async whenWarm(engine: CodeEngine): Promise<void> {
    if (engine === 'python') await this.preparing;
    await this.spares.get(engine)?.ready;
  }

  async run(engine: CodeEngine, code: string): Promise<CodeRunResult> {
    if (this.closed) throw new Error('The code runner is shut down');
    if (this.active >= this.limits.maxConcurrent) {
      throw new AppError(
        'rate_limited',
        `${this.limits.maxConcurrent} code runs are already running on this server; try again when one ends.`,
      );
    }
    this.active += 1;
    try {
      const process = this.spares.get(engine) ?? this.newProcess(engine);
      this.spares.delete(engine);
      const started = performance.now();
      const loaded = await process.ready.then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
      if (loaded !== undefined) return { stdout: '', stderr: '', error: loaded, files: [], durationMs: 0 };
      const result = await process.run(code, this.limits);
      return { ...result, durationMs: Math.round(performance.now() - started) };
    } finally {
      this.active -= 1;
      // The next spare loads after this run, not beside it: two engines loading at once would
      // slow this run's start on a small machine.
      if (this.keepSpares) this.prepareNext(engine);
    }
  }

  /** Stops the spares (server shutdown). */
  close(): void {
    this.closed = true;
    this.snapshotMaker?.kill('SIGKILL');
    for (const spare of this.spares.values()) spare.kill();
    this.spares.clear();
  }
}
