import { sql } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';

/** A dependency slower than this counts as unreachable. */
const PROBE_TIMEOUT_MS = 2000;

export interface ProbeResult {
  ok: boolean;
  /** Round trip in seconds (also when it failed). */
  seconds: number;
  error?: string;
}

async function probe(run: () => Promise<unknown>): Promise<ProbeResult> {
  const began = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return { ok: true, seconds: (performance.now() - began) / 1000 };
  } catch (err) {
    return { ok: false, seconds: (performance.now() - began) / 1000, error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** A trivial statement: the database answers statements. */
export const probeDatabase = (db: Database) => probe(() => db.execute(sql`select 1`));

/** A read of a key nobody writes: the Bus (memory or Redis) answers. */
export const probeBus = (bus: Bus) => probe(() => bus.get('health:probe'));
