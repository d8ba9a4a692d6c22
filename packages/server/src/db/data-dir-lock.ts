import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process at a time may open the embedded database: PGlite has no locking of its own, and a
 * second process writing the same files corrupts them. The holder writes `DATA_DIR/parley.lock`
 * (its pid, host and start time) and touches it every HEARTBEAT_MS. A second start fails at once
 * while the holder lives: on this host its pid is checked; from another host sharing the volume
 * (containers) a heartbeat younger than STALE_MS counts as alive. A lock left by a process that
 * died (SIGKILL, power loss) is taken over.
 */
export const LOCK_FILE = 'parley.lock';
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `the data directory ${dataDir} is in use by another Parley process (pid ${owner.pid} on ${owner.host}, ` +
        `started ${owner.startedAt}). Stop that process first, or give this one its own DATA_DIR: ` +
        'two processes on one embedded database would corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's holder, or null when the file is missing, unreadable or half written. */
export function readLockOwner(dataDir: string): { owner: LockOwner; heartbeatAgeMs: number } | null {
  const path = join(dataDir, LOCK_FILE);
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { owner, heartbeatAgeMs: Date.now() - statSync(path).mtimeMs };
  } catch {
    return null;
  }
}

/** Whether the lock's holder still runs (this host: its pid; another host: a fresh heartbeat). */
export function holderIsAlive(found: { owner: LockOwner; heartbeatAgeMs: number }): boolean {
  if (found.owner.host === hostname()) return found.owner.pid !== process.pid && isAlive(found.owner.pid);
  return found.heartbeatAgeMs < STALE_MS;
}

function tryCreate(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the data directory for this process, or throws DataDirLockedError naming the holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  while (!tryCreate(path, owner)) {
    const found = readLockOwner(dataDir);
    if (found && holderIsAlive(found)) throw new DataDirLockedError(dataDir, found.owner);
    // Another process may be writing it this very moment: a file younger than a second is left alone.
    if (!found && Date.now() - statSync(path).mtimeMs < 1000) {
      throw new DataDirLockedError(dataDir, { pid: 0, host: 'unknown', startedAt: 'just now' });
    }
    rmSync(path, { force: true });
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // the directory went away; the database will say so on its next write
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      const found = readLockOwner(dataDir);
      if (found?.owner.pid === process.pid && found.owner.host === owner.host) rmSync(path, { force: true });
    },
  };
}
