// What soak.bench.ts and soak-faults.bench.ts share: the settings (from the environment, so a short
// development run is `SOAK_USERS=20 SOAK_SECONDS=30`), the server limits a soak needs relaxed, the
// embedded database's rows read after its server stopped, and the servers' memory sampled while
// the load runs.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { rssOf } from './processes.ts';
import { ENDPOINT } from './parley-stack.ts';
import { SAVED_MESSAGES_SQL, type SavedMessage } from './soak-ledger.ts';
import type { SoakJob } from './soak-load.ts';
import { round } from './sse-probe.ts';

export const SOAK = {
  users: Number(process.env.SOAK_USERS ?? 200),
  durationMs: Number(process.env.SOAK_SECONDS ?? 300) * 1000,
  /** Users sign in spread over this long at the start. */
  rampMs: Number(process.env.SOAK_RAMP_SECONDS ?? 30) * 1000,
  /** A person's pause between two actions (each pause is 0.5–1.5 times this). */
  thinkMs: Number(process.env.SOAK_THINK_MS ?? 3000),
  /** A stream still open after this long has hung. */
  streamTimeoutMs: Number(process.env.SOAK_STREAM_TIMEOUT_MS ?? 60_000),
};

/** Answers at 50 tokens/s: a chat's short answer streams for about half a second. */
export const SOAK_PACING = { tokensPerSecond: 50, firstTokenDelayMs: 0 };

/**
 * Every user comes from 127.0.0.1, so the per-IP limits would count 200 people as one; per-user
 * limits stay as shipped except imports (a user imports about once every 30 s here).
 */
export const SOAK_SERVER_ENV = {
  REGISTER_MAX: '100000',
  LOGIN_MAX: '100000',
  IMPORT_IP_MAX: '100000',
  IMPORT_USER_MAX: '1000',
};

/** The embedded database's message rows of the soak's users (its server must have stopped). */
export async function pgliteSavedMessages(dataDir: string, emailPrefix: string): Promise<SavedMessage[]> {
  const db = await PGlite.create(`${dataDir}/db`, { extensions: { vector } });
  try {
    return (await db.query<SavedMessage>(SAVED_MESSAGES_SQL, [`${emailPrefix}%`])).rows;
  } finally {
    await db.close();
  }
}

/** The load generator's job: every user on `urls`, the settings above. */
export function soakJob(urls: string[], prefix: string, ledgerPath: string, faults: boolean): SoakJob {
  return {
    config: {
      urls,
      endpoint: ENDPOINT,
      model: 'echo',
      thinkMs: SOAK.thinkMs,
      streamTimeoutMs: SOAK.streamTimeoutMs,
      faults,
    },
    users: SOAK.users,
    durationMs: SOAK.durationMs,
    rampMs: SOAK.rampMs,
    prefix,
    ledgerPath,
  };
}

export interface MemoryFigures {
  /** MB at the start of the judged window (after warm-up), and at the end. */
  afterWarmupMB: number;
  endMB: number;
  /** Mean of the window's last fifth minus the mean of its first fifth. */
  growthMB: number;
  minMB: number;
  maxMB: number;
  samples: number;
}

/** Resident memory of the processes `pids()` names, summed, in bytes. */
export const rssOfAll = (pids: () => number[]) => () =>
  pids().reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);

/** The servers' JavaScript heap in use (their metrics endpoint), summed, in bytes. */
export const heapOfAll = (urls: string[]) => async () => {
  let sum = 0;
  for (const url of urls) {
    const metrics = await fetch(`${url}/api/debug/metrics`).then(
      (r) => r.json() as Promise<{ memory: { heapUsedBytes: number } }>,
      () => null,
    );
    sum += metrics?.memory.heapUsedBytes ?? 0;
  }
  return sum;
};

/** Samples `measure` (bytes) every `everyMs` while the load runs. */
export function sampleMemory(measure: () => number | Promise<number>, everyMs = 5000) {
  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const take = async () => {
    const at = Date.now() - started;
    samples.push({ at, mb: (await measure()) / (1024 * 1024) });
  };
  void take();
  const timer = setInterval(() => void take(), everyMs);
  return {
    /** Stops sampling; figures over the samples taken after `warmupMs`. */
    async stop(warmupMs: number): Promise<MemoryFigures> {
      clearInterval(timer);
      await take();
      const window = samples.filter((s) => s.at >= warmupMs);
      const used = window.length >= 5 ? window : samples;
      const fifth = Math.max(1, Math.floor(used.length / 5));
      const mean = (xs: typeof used) => xs.reduce((a, s) => a + s.mb, 0) / xs.length;
      const mbs = used.map((s) => s.mb);
      return {
        afterWarmupMB: round(used[0]!.mb, 1),
        endMB: round(used.at(-1)!.mb, 1),
        growthMB: round(mean(used.slice(-fifth)) - mean(used.slice(0, fifth)), 1),
        minMB: round(Math.min(...mbs), 1),
        maxMB: round(Math.max(...mbs), 1),
        samples: used.length,
      };
    },
  };
}

/** The CPU this ran on, for the report beside every figure. */
export function machine(): { cpu: string; load: string } {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
  return { cpu, load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') };
}
