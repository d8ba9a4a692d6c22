import type { Worker } from 'node:worker_threads';

/**
 * Memory a thread holds outside its JavaScript heap: the backing stores of its ArrayBuffers and
 * Buffers, which V8 counts as external memory. A Worker's `resourceLimits` bound only the heap,
 * so a PDF whose compressed stream inflates to a gigabyte (PDF.js keeps a decoded stream in one
 * growing Uint8Array) would otherwise grow the whole server by that much.
 */
const externalBytes = new Map<Worker, number>();

/** How often a running thread's external memory is looked at. */
const POLL_MS = 50;

export interface MemoryBounds {
  /** What this thread may hold outside its heap. */
  perThread: number;
  /** What all the watched threads together may hold outside their heaps. */
  total: number;
}

/**
 * Watches `worker`'s external memory until the returned function is called, and calls `overrun`
 * once (with the bytes it saw) when the thread passes its own bound or pushes all the watched
 * threads past theirs together. The numbers come from `worker.getHeapStatistics()`, which V8
 * answers between two steps of the thread's code, so a thread busy inflating is still seen.
 */
export function watchWorkerMemory(
  worker: Worker,
  bounds: MemoryBounds,
  overrun: (bytes: number) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    externalBytes.delete(worker);
  };
  const look = async () => {
    let bytes: number;
    try {
      bytes = (await worker.getHeapStatistics()).external_memory;
    } catch {
      // The thread ended (or has not started yet); its own events tell how.
      if (!stopped) timer = setTimeout(() => void look(), POLL_MS);
      return;
    }
    if (stopped) return;
    externalBytes.set(worker, bytes);
    let total = 0;
    for (const held of externalBytes.values()) total += held;
    if (bytes > bounds.perThread || total > bounds.total) {
      stop();
      overrun(bytes);
      return;
    }
    timer = setTimeout(() => void look(), POLL_MS);
  };
  worker.once('online', () => void look());
  return stop;
}
