import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { purgeExpiredAccountTokens } from '../services/auth/account-tokens.ts';
import { purgeExpiredInvitations } from '../services/auth/invitations.ts';
import { purgeExpiredSessions } from '../services/auth/refresh-sessions.ts';
import { expireTemporaryChats } from './expire-temporary-chats.ts';

/** Periodic clean-ups: each deletes what has expired and says how many rows went. */
const PERIODIC_JOBS: { what: string; run: (db: Database, now: Date) => Promise<number> }[] = [
  { what: 'expired temporary chats deleted', run: expireTemporaryChats },
  { what: 'expired refresh sessions deleted', run: purgeExpiredSessions },
  { what: 'expired account tokens deleted', run: purgeExpiredAccountTokens },
  { what: 'expired invitations deleted', run: purgeExpiredInvitations },
];

async function runPeriodicJobs(ctx: AppContext): Promise<void> {
  for (const job of PERIODIC_JOBS) {
    try {
      const count = await job.run(ctx.db, new Date());
      if (count > 0) ctx.logger.info({ count }, job.what);
    } catch (err) {
      ctx.logger.error({ err }, `periodic job failed: ${job.what}`);
    }
  }
}

/** How often expired temporary chats are removed. */
export const EXPIRE_TEMPORARY_CHATS_INTERVAL_MS = 10 * 60 * 1000;

export interface JobsHandle {
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the periodic jobs: a first run right away, then one per interval. The timer never keeps
 * the process alive, and a shutdown task stops it before the database closes.
 */
export function startJobs(ctx: AppContext, opts: { intervalMs?: number } = {}): JobsHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = runPeriodicJobs(ctx).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, opts.intervalMs ?? EXPIRE_TEMPORARY_CHATS_INTERVAL_MS);
  timer.unref();
  run();
  const handle: JobsHandle = {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
  ctx.shutdownTasks.push(handle.stop);
  return handle;
}
