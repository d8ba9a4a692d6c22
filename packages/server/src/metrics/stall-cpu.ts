import { readFileSync } from 'node:fs';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** The calling thread's CPU time so far in milliseconds (Linux's per-thread schedstat), or null. */
export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * The event loop's own CPU time between two ticks of a short timer: in a stall, how much of it
 * was this thread's work. The event-loop delay counts wall time, which also holds the time other
 * threads (the embedded database's, the garbage collector's and compiler's helpers) and other
 * processes had the core; on a loaded machine most of a long delay can be theirs. Linux only
 * (null elsewhere). Created on the event loop's thread.
 */
export class StallCpu {
  readonly #histogram: RecordableHistogram = createHistogram();
  readonly #available: boolean;

  constructor(intervalMs: number) {
    let last = threadCpuMs();
    this.#available = last !== null;
    if (last === null) return;
    setInterval(() => {
      const now = threadCpuMs() ?? last!;
      // In microseconds: the histogram records integers ≥ 1.
      this.#histogram.record(Math.max(1, Math.round((now - last!) * 1000)));
      last = now;
    }, intervalMs).unref();
  }

  snapshot(): { p50: number; p99: number; max: number } | null {
    if (!this.#available) return null;
    const h = this.#histogram;
    if (h.count === 0) return { p50: 0, p99: 0, max: 0 };
    const ms = (us: number) => Math.round(us / 10) / 100;
    return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
  }

  reset(): void {
    this.#histogram.reset();
  }
}
