import { Worker } from 'node:worker_threads';
import { PacedSettler } from '../event-loop/paced-settler.ts';
import type { TurnBudget } from '../event-loop/turn-budget.ts';

/** What Drizzle's PGlite driver passes with a statement; every parser it sets keeps the text. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: string; rawTypes?: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'memory' }
  | { op: 'close' };

/** The database thread's memory (see pglite-worker.mjs), in bytes. */
export interface DatabaseThreadMemory {
  /** PGlite's WebAssembly memory: reserved and grown by PostgreSQL's allocations, never given back. */
  wasmBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  /** Memory V8 tracks outside the thread's heap (WebAssembly memory included), and its ArrayBuffers. */
  externalBytes: number;
  arrayBuffersBytes: number;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/** The part of a PGlite transaction Drizzle uses. */
export interface WorkerTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

/** Rebuilds PGlite's DatabaseError (code, detail, constraint…) on this side of the thread. */
function toError(fields: Reply['error'] & object): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * PGlite running in its own worker thread (pglite-worker.mjs), with the methods Drizzle's PGlite
 * driver calls: `query`, `exec` and `transaction`. Statements are answered in the order they are
 * sent; a transaction owns the database from BEGIN to COMMIT, and statements issued outside it
 * wait for it to end, as they do with PGlite in-process.
 */
export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #outbox: (Request & { id: number })[] = [];
  #stopped: Error | null = null;
  #transactions: Promise<void> = Promise.resolve();
  #runningTransaction: Promise<void> | null = null;
  readonly #replies: PacedSettler<Reply>;

  private constructor(worker: Worker, budget?: TurnBudget) {
    this.#worker = worker;
    // Replies are settled within the event loop's turn budget: a burst of them must not run every
    // waiting request's next step in one turn.
    this.#replies = new PacedSettler((reply) => this.#settle(reply), budget);
    worker.on('message', (replies: Reply[]) => this.#replies.push(replies));
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`The embedded database stopped (exit code ${code}).`)));
    // Idle, the worker must not keep the process alive; busy, it must (a CLI awaiting a query).
    worker.unref();
  }

  /** Starts the worker and waits until PGlite has opened `location` (a directory or memory://). */
  static async start(
    location: string,
    options: { loadDataDir?: Uint8Array; budget?: TurnBudget } = {},
  ): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { location, loadDataDir: options.loadDataDir },
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      const onExit = (code: number) =>
        reject(new Error(`The embedded database did not start (exit code ${code}).`));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready?: boolean }) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else reject(new Error('The embedded database answered before it was ready.'));
      });
    });
    return new PgliteWorkerClient(worker, options.budget);
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    if (this.#runningTransaction) return this.#afterTransactions(() => this.query(sql, params, options));
    return this.#query(sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    if (this.#runningTransaction) return this.#afterTransactions(() => this.exec(sql));
    return this.#send({ op: 'exec', sql }) as Promise<QueryResult[]>;
  }

  /** Runs `fn` between BEGIN and COMMIT (ROLLBACK when it throws); transactions run one at a time. */
  transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.#holding(() => this.#runTransaction(fn));
  }

  /** Runs `body` when every earlier holder is done; statements from outside wait while it runs. */
  #holding<T>(body: () => Promise<T>): Promise<T> {
    const run = this.#transactions.then(async () => {
      let finished!: () => void;
      this.#runningTransaction = new Promise<void>((resolve) => (finished = resolve));
      try {
        return await body();
      } finally {
        this.#runningTransaction = null;
        finished();
      }
    });
    this.#transactions = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Runs `fn` with the database to itself and no transaction open: statements from elsewhere wait
   * until it ends. `dump` gives the whole cluster (PGlite's gzipped tar of its data directory).
   */
  exclusive<T>(fn: (held: { dump(): Promise<Uint8Array> }) => Promise<T>): Promise<T> {
    return this.#holding(() => fn({ dump: () => this.#send({ op: 'dump' }) as Promise<Uint8Array> }));
  }

  /** The database thread's memory; answered between statements, not after queued transactions. */
  memory(): Promise<DatabaseThreadMemory> {
    return this.#send({ op: 'memory' }) as Promise<DatabaseThreadMemory>;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#transactions;
    await this.#send({ op: 'close' });
    await this.#worker.terminate();
  }

  async #runTransaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const tx: WorkerTransaction = {
      query: (sql, params = [], options = {}) => this.#query(sql, params, options),
      exec: (sql) => this.#send({ op: 'exec', sql }) as Promise<QueryResult[]>,
    };
    await tx.exec('BEGIN');
    try {
      const result = await fn(tx);
      await tx.exec('COMMIT');
      return result;
    } catch (error) {
      await tx.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Statements from outside a running transaction wait for it (and retry: another may follow). */
  async #afterTransactions<T>(statement: () => Promise<T>): Promise<T> {
    await this.#runningTransaction;
    return statement();
  }

  #query(sql: string, params: unknown[], options: QueryOptions): Promise<QueryResult> {
    const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes,
    }) as Promise<QueryResult>;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#outbox.push({ ...request, id });
      if (this.#outbox.length === 1) queueMicrotask(() => this.#flush());
    });
  }

  /**
   * Statements issued in the same tick travel as one message: each message wakes the worker
   * thread, and on a busy machine every wake-up can cost this thread its core for a while.
   */
  #flush(): void {
    const batch = this.#outbox;
    this.#outbox = [];
    this.#worker.postMessage(batch);
  }

  #settle(reply: Reply): void {
    const waiter = this.#pending.get(reply.id);
    if (!waiter) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.error) waiter.reject(toError(reply.error));
    else waiter.resolve(reply.result);
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const waiter of this.#pending.values()) waiter.reject(reason);
    this.#pending.clear();
  }
}
