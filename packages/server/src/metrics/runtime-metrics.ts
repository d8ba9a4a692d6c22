import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Database } from '../db/client.ts';

/** The event-loop sampling interval; reported delays are what the loop lagged beyond it. */
const RESOLUTION_MS = 10;

type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

export interface MetricsSnapshot {
  /** Since the last reset. */
  sinceMs: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  memory: { rssBytes: number; heapUsedBytes: number };
  /** Statements sent to the database, by kind, and transactions opened. */
  queries: Record<StatementKind, number> & { transactions: number };
}

/**
 * Figures for benchmarks (PARLEY_METRICS=true, `GET /api/debug/metrics`): event-loop delay,
 * memory, and the statements and transactions the database received. Off by default: nothing
 * here runs on a normal server.
 */
export class RuntimeMetrics {
  private histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private since = Date.now();
  private queries = emptyCounts();

  constructor() {
    this.histogram.enable();
  }

  /** For the database driver's query log: one call per statement. */
  countStatement(sql: string): void {
    const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
    // BEGIN/COMMIT (drivers that send them as statements) are counted as transactions instead.
    if (word === 'begin' || word === 'commit' || word === 'rollback') return;
    const kind: StatementKind =
      word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
    this.queries[kind]++;
  }

  /** Counts every transaction the services open on `db`. */
  instrument(db: Database): void {
    const open = db.transaction.bind(db);
    db.transaction = ((...args: Parameters<Database['transaction']>) => {
      this.queries.transactions++;
      return open(...args);
    }) as Database['transaction'];
  }

  snapshot(): MetricsSnapshot {
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
    const h = this.histogram;
    const memory = process.memoryUsage();
    return {
      sinceMs: Date.now() - this.since,
      eventLoopDelayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
      queries: { ...this.queries },
    };
  }

  reset(): void {
    this.histogram.reset();
    this.queries = emptyCounts();
    this.since = Date.now();
  }
}

function emptyCounts(): MetricsSnapshot['queries'] {
  return { select: 0, insert: 0, update: 0, delete: 0, other: 0, transactions: 0 };
}
