import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** How long making a snapshot may take before it is given up (a loaded machine is slow). */
const MAKE_TIMEOUT_MS = 300_000;

/**
 * Pyodide's memory right after loading, kept as a file so that each Python run's process starts
 * from it instead of loading the interpreter and its standard library again: about a seventh of
 * the CPU (0.5 s instead of 3.4 s measured here). The snapshot is made by a process of its own
 * that runs no code, so it holds nothing of any run; its file name carries Pyodide's version, so
 * an upgrade makes a new one. It lives in the server's data folder (private to the server) and
 * survives restarts: only the very first Python run of an installation pays the full load.
 */
export class PythonSnapshot {
  readonly path: string;
  private making: Promise<void> | null = null;

  private readonly dir: string;

  constructor(dir: string) {
    // Absolute: it is also the path a run's process is allowed to read.
    this.dir = resolve(dir);
    const version = (require('pyodide/package.json') as { version: string }).version;
    this.path = join(this.dir, `pyodide-${version.replace(/[^0-9A-Za-z.-]/g, '_')}.snapshot`);
  }

  /** The snapshot's path if it has been made, else null (runs then load Pyodide in full). */
  usable(): string | null {
    return existsSync(this.path) ? this.path : null;
  }

  /**
   * Makes the snapshot once, with `takeSnapshot` (a process that answers with the bytes); a
   * failure leaves no file, and the next call tries again.
   */
  ensure(takeSnapshot: (timeoutMs: number) => Promise<Uint8Array>): Promise<void> {
    if (this.usable()) return Promise.resolve();
    this.making ??= (async () => {
      const bytes = await takeSnapshot(MAKE_TIMEOUT_MS);
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      // Written aside then renamed, so a run never starts from half a file.
      const partial = `${this.path}.${process.pid}.partial`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, this.path);
      } finally {
        await rm(partial, { force: true });
      }
    })().finally(() => {
      this.making = null;
    });
    return this.making;
  }
}
