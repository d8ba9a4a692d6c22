// The soak servers' memory, sampled every few seconds while the load runs: the resident memory
// (RSS, from /proc) split into what the servers' metrics endpoint can name — the JavaScript heaps
// of the main thread and of the embedded database's thread, PGlite's WebAssembly memory (the
// database's own memory: shared buffers, caches, working memory), ArrayBuffers and other memory V8
// tracks outside its heap — and the rest, native memory none of these covers (code, stacks,
// malloc). Growth is judged per part over the window after warm-up.
import { readFileSync } from 'node:fs';
import { round } from './sse-probe.ts';

/** One sample, in MB, summed over the servers. */
export interface MemorySample {
  /** Seconds since sampling started. */
  s: number;
  rss: number;
  /** Of the RSS, pages mapped from files (the program's code and libraries). */
  rssFile: number;
  /** JavaScript heaps (committed), main thread and database thread. */
  heap: number;
  /** Of `heap`, the database thread's. */
  dbHeap: number;
  /** Of `heap`, what objects occupy (live or not yet collected), both threads. */
  heapUsed: number;
  /** PGlite's WebAssembly memory as sized (0 on PostgreSQL): an upper bound of its resident part. */
  wasmSize: number;
  /** Of the RSS, PGlite's WebAssembly memory's pages actually touched (from /proc/PID/smaps). */
  wasm: number;
  /** ArrayBuffers (Buffers, typed arrays) of both threads. */
  buffers: number;
  /** Other memory V8 counts as external (beyond ArrayBuffers and WebAssembly memory). */
  external: number;
  /** RSS minus rssFile, heap, wasm, buffers and external: native memory (malloc, stacks, the runtime's). */
  rest: number;
}

type Part = Exclude<keyof MemorySample, 's'>;
const PARTS: Part[] = [
  'rss',
  'rssFile',
  'heap',
  'dbHeap',
  'heapUsed',
  'wasmSize',
  'wasm',
  'buffers',
  'external',
  'rest',
];

export interface PartFigures {
  /** MB at the start of the judged window (after warm-up), and at the end. */
  afterWarmupMB: number;
  endMB: number;
  /** Mean of the window's last fifth minus the mean of its first fifth. */
  growthMB: number;
}

interface ThreadMemory {
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
}

interface MetricsMemory extends ThreadMemory {
  database?: ThreadMemory & { wasmBytes: number };
}

const MB = 1024 * 1024;

function procStatus(pid: number): { rss: number; rssFile: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: (kb('VmRSS') * 1024) / MB, rssFile: (kb('RssFile') * 1024) / MB };
  } catch {
    return { rss: 0, rssFile: 0 };
  }
}

/**
 * The resident part of the process's WebAssembly memories. V8 reserves each one with a guard
 * region of several GB after it: in /proc/PID/smaps a read-write anonymous mapping directly
 * followed by an inaccessible one, the two together a whole number of GB. Its Rss is the pages
 * PostgreSQL has touched so far (at most the memory's size).
 */
function wasmResidentMB(pid: number): number {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return 0;
  }
  const maps: { start: number; end: number; perms: string; anonymous: boolean; rssKb: number }[] = [];
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const [, start, end, perms, inode, name] = head;
      const anonymous = inode === '0' && name === '';
      maps.push({ start: parseInt(start!, 16), end: parseInt(end!, 16), perms: perms!, anonymous, rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps.at(-1)!.rssKb = Number(rss[1]);
  }
  const GB = 1024 ** 3;
  let kb = 0;
  for (let i = 0; i + 1 < maps.length; i++) {
    const memory = maps[i]!;
    const guard = maps[i + 1]!;
    const reserved = guard.end - memory.start;
    if (
      memory.anonymous &&
      memory.perms.startsWith('rw') &&
      guard.perms === '---p' &&
      guard.start === memory.end &&
      guard.end - guard.start >= 4 * GB &&
      reserved % GB === 0
    )
      kb += memory.rssKb;
  }
  return kb / 1024;
}

async function metricsMemory(url: string): Promise<MetricsMemory | null> {
  return fetch(`${url}/api/debug/metrics`).then(
    async (r) => ((await r.json()) as { memory: MetricsMemory }).memory,
    () => null,
  );
}

/** One server's sample: `pid`'s RSS and `url`'s metrics, read one right after the other. */
async function sampleOne(pid: number, url: string): Promise<Omit<MemorySample, 's'>> {
  const m = await metricsMemory(url);
  const { rss, rssFile } = procStatus(pid);
  const db = m?.database;
  const heap = ((m?.heapTotalBytes ?? 0) + (db?.heapTotalBytes ?? 0)) / MB;
  const dbHeap = (db?.heapTotalBytes ?? 0) / MB;
  const heapUsed = ((m?.heapUsedBytes ?? 0) + (db?.heapUsedBytes ?? 0)) / MB;
  const wasmSize = (db?.wasmBytes ?? 0) / MB;
  const wasm = db ? wasmResidentMB(pid) : 0;
  const buffers = ((m?.arrayBuffersBytes ?? 0) + (db?.arrayBuffersBytes ?? 0)) / MB;
  // V8's external figure already includes the thread's ArrayBuffers and WebAssembly memory.
  const external =
    Math.max(0, (m?.externalBytes ?? 0) - (m?.arrayBuffersBytes ?? 0)) / MB +
    Math.max(0, (db?.externalBytes ?? 0) - (db?.arrayBuffersBytes ?? 0) - (db?.wasmBytes ?? 0)) / MB;
  const rest = rss - rssFile - heap - wasm - buffers - external;
  return { rss, rssFile, heap, dbHeap, heapUsed, wasmSize, wasm, buffers, external, rest };
}

/** Samples the servers (`pids()` and `urls`, in the same order) every `everyMs` until stopped. */
export function sampleServerMemory(pids: () => number[], urls: string[], everyMs = 5000) {
  const samples: MemorySample[] = [];
  const started = Date.now();
  const take = async () => {
    const s = Math.round((Date.now() - started) / 1000);
    const ids = pids();
    const parts = await Promise.all(urls.map((url, i) => sampleOne(ids[i]!, url)));
    const sum = Object.fromEntries(
      PARTS.map((p) => [
        p,
        round(
          parts.reduce((a, x) => a + x[p], 0),
          1,
        ),
      ]),
    ) as Record<Part, number>;
    samples.push({ s, ...sum });
  };
  void take();
  const timer = setInterval(() => void take(), everyMs);
  return {
    /** Stops sampling; each part's figures over the samples taken after `warmupMs`, and every sample. */
    async stop(warmupMs: number) {
      clearInterval(timer);
      await take();
      samples.sort((a, b) => a.s - b.s);
      const window = samples.filter((x) => x.s * 1000 >= warmupMs);
      const used = window.length >= 5 ? window : samples;
      const fifth = Math.max(1, Math.floor(used.length / 5));
      const mean = (xs: MemorySample[], p: Part) => xs.reduce((a, x) => a + x[p], 0) / xs.length;
      const figures = Object.fromEntries(
        PARTS.map((p): [Part, PartFigures] => [
          p,
          {
            afterWarmupMB: round(used[0]![p], 1),
            endMB: round(used.at(-1)![p], 1),
            growthMB: round(mean(used.slice(-fifth), p) - mean(used.slice(0, fifth), p), 1),
          },
        ]),
      ) as Record<Part, PartFigures>;
      return { figures, windowSamples: used.length, samples };
    },
  };
}
