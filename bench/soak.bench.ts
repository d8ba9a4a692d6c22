// Soak: SOAK_USERS simulated people (default 200) for SOAK_SECONDS (default 300), each signing in
// and then listing, searching, chatting with streaming, stopping, regenerating, editing, sharing
// and importing a small file over HTTP as the web app does, against the simulator's echo model.
// Once on embedded PGlite (one server), once on PostgreSQL + Redis with two instances behind a
// round-robin balancer (SOAK_BACKENDS=pglite or postgres picks one). Afterwards the message rows
// are checked against what the server acknowledged to each user: 0 errors, 0 lost, 0 extra rows,
// and the servers' memory flat after warm-up. Prints one JSON line per backend.
//
// Warm-up, honestly: a finished answer's event log (every streamed event, for a client that
// resumes) is kept for FINISHED_TTL_MS (5 minutes) on the Bus. On PostgreSQL + Redis that is in
// Redis; on the embedded database the Bus is in the server's own heap (MemoryBus), which therefore
// grows with every answer for the first 5 minutes of load (plus up to one sweep) and only then
// levels off, when logs expire as fast as new ones arrive. The PGlite run therefore lasts its
// warm-up plus the 3-minute window (about 9.5 minutes) unless SOAK_SECONDS says otherwise; a
// shorter run still reports its memory, marked as not judged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMORY_BUS_SWEEP_MS } from '../packages/server/src/bus/memory-bus.ts';
import { FINISHED_TTL_MS } from '../packages/server/src/services/generation/job-keys.ts';
import { startParleyStack } from './support/parley-stack.ts';
import { runLoad } from './support/processes.ts';
import { checkLedgers, type SavedMessage } from './support/soak-ledger.ts';
import type { LedgerFile, SoakLoadResult } from './support/soak-load.ts';
import { sampleServerMemory } from './support/soak-memory.ts';
import {
  machine,
  pgliteSavedMessages,
  SOAK,
  SOAK_PACING,
  SOAK_SERVER_ENV,
  soakJob,
} from './support/soak-run.ts';
import { startScaledStack } from './support/soak-stack.ts';

const BACKENDS = (process.env.SOAK_BACKENDS ?? 'pglite,postgres').split(',');
/** Memory is judged over the last 3 minutes of a run, when they come after the backend's warm-up. */
const RSS_WINDOW_MS = 180_000;
/** Growth over the window that is still noise. */
const RSS_NOISE_MB = 30;

interface Backend {
  /** Load before the servers' memory can level off (see the top of this file). */
  memoryWarmupMs: number;
  urls: string[];
  pids(): number[];
  savedMessages(prefix: string): Promise<SavedMessage[]>;
  stop(): Promise<void>;
}

async function pglite(): Promise<Backend> {
  const stack = await startParleyStack(SOAK_PACING, { env: SOAK_SERVER_ENV });
  return {
    // The ramp, then finished answers' logs kept in the heap until they start to expire.
    memoryWarmupMs: SOAK.rampMs + FINISHED_TTL_MS + MEMORY_BUS_SWEEP_MS,
    urls: [stack.parleyUrl],
    pids: () => [stack.server.pid],
    savedMessages: async (prefix) => {
      await stack.server.stop();
      return pgliteSavedMessages(stack.dataDir, prefix);
    },
    stop: () => stack.stop(),
  };
}

async function postgres(): Promise<Backend> {
  const stack = await startScaledStack(SOAK_PACING, SOAK_SERVER_ENV);
  return {
    // The ramp and 90 s more: the Bus is Redis, so nothing per answer stays in the servers' heaps.
    memoryWarmupMs: SOAK.rampMs + 90_000,
    urls: stack.instances.map((i) => i.url),
    pids: () => stack.instances.map((i) => i.process().pid),
    savedMessages: (prefix) => stack.savedMessages(prefix),
    stop: () => stack.stop(),
  };
}

async function soak(name: string, start: () => Promise<Backend>): Promise<boolean> {
  const backend = await start();
  const dir = mkdtempSync(join(tmpdir(), 'parley-soak-ledger-'));
  try {
    const prefix = `soak${Date.now()}u`;
    const ledgerPath = join(dir, 'ledger.json');
    const durationMs = SOAK.durationGiven
      ? SOAK.durationMs
      : Math.max(SOAK.durationMs, backend.memoryWarmupMs + RSS_WINDOW_MS);
    // A short development run: its last 60 %.
    const windowMs = Math.min(RSS_WINDOW_MS, durationMs * 0.6);
    const memoryJudged = durationMs - windowMs >= backend.memoryWarmupMs;
    const sampler = sampleServerMemory(backend.pids, backend.urls);
    const load = await runLoad<SoakLoadResult>(
      soakJob(backend.urls, prefix, ledgerPath, false, durationMs),
      new URL('./support/soak-load.ts', import.meta.url),
    );
    const memory = await sampler.stop(durationMs - windowMs);
    const ledgers = JSON.parse(readFileSync(ledgerPath, 'utf8')) as LedgerFile[];
    const check = checkLedgers(ledgers, await backend.savedMessages(prefix));
    const met =
      load.errors === 0 &&
      check.lost === 0 &&
      check.extra === 0 &&
      check.stoppedNotUnfinished === 0 &&
      (!memoryJudged || memory.figures.rss.growthMB <= RSS_NOISE_MB);
    console.log(
      JSON.stringify({
        bench: 'soak',
        backend: name,
        instances: backend.urls.length,
        seconds: durationMs / 1000,
        thinkMs: SOAK.thinkMs,
        ...load,
        rows: check,
        serverMemoryMB: {
          // false: the run ended before warm-up + window; growth is shown but not held against it.
          judged: memoryJudged,
          warmupSeconds: backend.memoryWarmupMs / 1000,
          windowSeconds: windowMs / 1000,
          windowSamples: memory.windowSamples,
          noiseMB: RSS_NOISE_MB,
          ...memory.figures,
        },
        // Every sample (MB, summed over the instances), for the curve behind the figures above.
        memorySamples: memory.samples,
        machine: machine(),
        met,
      }),
    );
    return met;
  } finally {
    await backend.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

let allMet = true;
if (BACKENDS.includes('pglite')) allMet = (await soak('pglite', pglite)) && allMet;
if (BACKENDS.includes('postgres')) allMet = (await soak('postgres+redis', postgres)) && allMet;
if (!allMet) process.exitCode = 1;
