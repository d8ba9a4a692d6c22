// What soak.bench.ts and soak-faults.bench.ts share: the settings (from the environment, so a short
// development run is `SOAK_USERS=20 SOAK_SECONDS=30`), the server limits a soak needs relaxed, the
// embedded database's rows read after its server stopped (the servers' memory: soak-memory.ts).
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../packages/server/src/db/pglite-extensions.mjs';
import { ENDPOINT } from './parley-stack.ts';
import { SAVED_MESSAGES_SQL, type SavedMessage } from './soak-ledger.ts';
import type { SoakJob } from './soak-load.ts';

export const SOAK = {
  users: Number(process.env.SOAK_USERS ?? 200),
  durationMs: Number(process.env.SOAK_SECONDS ?? 300) * 1000,
  /** SOAK_SECONDS was given: soak.bench.ts then runs exactly that long, warm-up or not. */
  durationGiven: process.env.SOAK_SECONDS !== undefined,
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
  const db = await PGlite.create(`${dataDir}/db`, { extensions: PGLITE_EXTENSIONS });
  try {
    return (await db.query<SavedMessage>(SAVED_MESSAGES_SQL, [`${emailPrefix}%`])).rows;
  } finally {
    await db.close();
  }
}

/** The load generator's job: every user on `urls`, the settings above. */
export function soakJob(
  urls: string[],
  prefix: string,
  ledgerPath: string,
  faults: boolean,
  durationMs = SOAK.durationMs,
): SoakJob {
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
    durationMs,
    rampMs: SOAK.rampMs,
    prefix,
    ledgerPath,
  };
}

/** The CPU this ran on, for the report beside every figure. */
export function machine(): { cpu: string; load: string } {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
  return { cpu, load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') };
}
