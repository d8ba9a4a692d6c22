import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import type { Database } from '../db/client.ts';
import { StallCpu } from './stall-cpu.ts';
import type { DatabaseThreadMemory } from '../db/pglite-worker-client.ts';

/** The event-loop sampling interval; reported delays are what the loop lagged beyond it. */
const RESOLUTION_MS = 10;

/** What the database received. */
export interface QueryCounts {
  /** Statements (BEGIN/COMMIT not included). */
  statements: number;
  /** Statements that change nothing. */
  reads: number;
  /** Statements that change rows; each is atomic on its own. */
  writes: number;
  /** Row changes those statements make: one per INSERT, UPDATE or DELETE, CTEs included. */
  writeOperations: number;
  /** Explicit transactions opened by the services. */
  transactions: number;
}

export interface MetricsSnapshot {
  /** Since the last reset. */
  sinceMs: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** The event loop's own CPU time per sampling interval (see StallCpu); null off Linux. */
  eventLoopStallCpuMs: { p50: number; p99: number; max: number } | null;
  /**
   * The process's resident memory and the main thread's JavaScript heap and buffers; on the
   * embedded database also its thread's (whose WebAssembly memory is the database's own memory).
   * What none of these covers is native memory: code, stacks, malloc'd buffers.
   */
  memory: {
    rssBytes: number;
    heapUsedBytes: number;
    heapTotalBytes: number;
    externalBytes: number;
    arrayBuffersBytes: number;
    database?: DatabaseThreadMemory;
  };
  queries: QueryCounts;
}

/**
 * Figures for benchmarks (PARLEY_METRICS=true, `GET /api/debug/metrics`): event-loop delay,
 * memory, and the statements and transactions the database received. Off by default: nothing
 * here runs on a normal server.
 */
export class RuntimeMetrics {
  private histogram: ELDHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private stallCpu = new StallCpu(RESOLUTION_MS);
  private since = Date.now();
  private queries = emptyCounts();
  private databaseMemory?: () => Promise<DatabaseThreadMemory>;

  constructor() {
    this.histogram.enable();
  }

  /** For the database driver's query log: one call per statement. */
  countStatement(sql: string): void {
    const text = sql.trimStart().toLowerCase();
    // BEGIN/COMMIT (drivers that send them as statements) are counted as transactions instead.
    if (/^(begin|commit|rollback)\b/.test(text)) return;
    this.queries.statements++;
    const operations = text.match(/\binsert into\b|\bupdate "|\bdelete from\b/g)?.length ?? 0;
    if (operations === 0) {
      this.queries.reads++;
      return;
    }
    this.queries.writes++;
    this.queries.writeOperations += operations;
  }

  /** Counts every transaction the services open on `db`. */
  instrument(db: Database): void {
    const open = db.transaction.bind(db);
    db.transaction = ((...args: Parameters<Database['transaction']>) => {
      this.queries.transactions++;
      return open(...args);
    }) as Database['transaction'];
  }

  /** The embedded database's thread reports its own memory, which this thread cannot see. */
  measureDatabase(memory: () => Promise<DatabaseThreadMemory>): void {
    this.databaseMemory = memory;
  }

  async snapshot(): Promise<MetricsSnapshot> {
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
    const h = this.histogram;
    const database = await this.databaseMemory?.();
    const memory = process.memoryUsage();
    return {
      sinceMs: Date.now() - this.since,
      eventLoopDelayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) },
      eventLoopStallCpuMs: this.stallCpu.snapshot(),
      memory: {
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        externalBytes: memory.external,
        arrayBuffersBytes: memory.arrayBuffers,
        ...(database ? { database } : {}),
      },
      queries: { ...this.queries },
    };
  }

  reset(): void {
    this.histogram.reset();
    this.stallCpu.reset();
    this.queries = emptyCounts();
    this.since = Date.now();
  }
}

function emptyCounts(): QueryCounts {
  return { statements: 0, reads: 0, writes: 0, writeOperations: 0, transactions: 0 };
}
