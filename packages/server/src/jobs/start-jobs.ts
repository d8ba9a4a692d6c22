import type { AppContext } from '../context.ts';
import { expireTemporaryChats } from './expire-temporary-chats.ts';

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
    running = expireTemporaryChats(ctx.db, new Date())
      .then((count) => {
        if (count > 0) ctx.logger.info({ count }, 'expired temporary chats deleted');
      })
      .catch((err: unknown) => ctx.logger.error({ err }, 'expiring temporary chats failed'))
      .finally(() => {
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
