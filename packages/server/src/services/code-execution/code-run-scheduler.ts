import { AppError } from '../../errors/app-error.ts';

/** How the instance's code-run slots are shared among its users. */
export interface CodeRunSchedule {
  /** Runs at once on this instance (CODE_RUN_CONCURRENCY). */
  slots: number;
  /** Runs waiting for a slot, all users together (CODE_RUN_QUEUE_MAX); one user may hold half. */
  queueMax: number;
  /** Runs one user may start in any minute, waiting ones included (CODE_RUN_RATE_PER_MINUTE). */
  perUserPerMinute: number;
}

export interface WaitOptions {
  /** Cancels the wait: the run leaves the queue and the wait rejects. */
  signal?: AbortSignal;
  /** Told how many runs are ahead while this one waits (and again whenever that changes). */
  onWaiting?(ahead: number): void;
  /** The caller's name for this run, so `waitingAhead` can be asked about it. */
  runId?: string;
}

interface Waiter {
  userId: string;
  runId?: string;
  ahead: number;
  options: WaitOptions;
  grant: (release: () => void) => void;
  cancel: (reason: Error) => void;
}

const MINUTE_MS = 60_000;

/**
 * Hands out the instance's code-run slots fairly. One user holds at most half the slots (at least
 * one), so however many endless loops they start, the others still find a free slot; a run that
 * cannot start at once waits in a short queue (first come, first served among the runs whose user
 * is under their share) and hears its position, instead of being refused. The queue is bounded
 * and each user's starts per minute are limited; beyond either, a clear refusal.
 */
export class CodeRunScheduler {
  readonly perUserShare: number;
  private readonly perUserQueue: number;
  private readonly running = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private readonly starts = new Map<string, number[]>();
  private active = 0;

  constructor(
    readonly schedule: CodeRunSchedule,
    private readonly now: () => number = Date.now,
  ) {
    this.perUserShare = Math.max(1, Math.floor(schedule.slots / 2));
    this.perUserQueue = Math.max(1, Math.floor(schedule.queueMax / 2));
  }

  /**
   * Waits for a slot for one of `userId`'s runs; resolves to the function that gives it back
   * (call it once the run ends, whatever happened). Refuses with 429 when the user started too
   * many runs this minute or the queue has no room.
   */
  async acquire(userId: string, options: WaitOptions = {}): Promise<() => void> {
    if (options.signal?.aborted) throw cancelled();
    const recent = this.recentStarts(userId);
    const now = this.canStart(userId);
    if (!now) this.checkQueueRoom(userId);
    recent.push(this.now());
    if (now) return this.start(userId);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        runId: options.runId,
        ahead: -1,
        options,
        grant: resolve,
        cancel: reject,
      };
      this.queue.push(waiter);
      options.signal?.addEventListener('abort', () => this.leave(waiter), { once: true });
      this.tellPositions();
    });
  }

  /** How many runs are ahead of `userId`'s run `runId`; null when it is not waiting. */
  waitingAhead(userId: string, runId: string): number | null {
    const index = this.queue.findIndex((w) => w.userId === userId && w.runId === runId);
    return index < 0 ? null : index;
  }

  /** Runs in progress and waiting, for tests and the metrics of a busy instance. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  /** The user's starts within the last minute (the list to add this one to); refuses past the limit. */
  private recentStarts(userId: string): number[] {
    const since = this.now() - MINUTE_MS;
    const recent = (this.starts.get(userId) ?? []).filter((at) => at > since);
    this.starts.set(userId, recent);
    if (recent.length >= this.schedule.perUserPerMinute) {
      throw new AppError(
        'rate_limited',
        `You reached this server's limit of ${this.schedule.perUserPerMinute} code runs per minute; try again in a minute.`,
      );
    }
    return recent;
  }

  private checkQueueRoom(userId: string): void {
    const mine = this.queue.filter((w) => w.userId === userId).length;
    if (this.queue.length < this.schedule.queueMax && mine < this.perUserQueue) return;
    throw new AppError(
      'rate_limited',
      mine >= this.perUserQueue
        ? `You already have ${mine} code runs waiting for a free slot; try again when one has started.`
        : 'Every code-run slot is taken and the queue is full; try again in a moment.',
    );
  }

  private canStart(userId: string): boolean {
    return this.active < this.schedule.slots && (this.running.get(userId) ?? 0) < this.perUserShare;
  }

  private start(userId: string): () => void {
    this.active += 1;
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left === 0) this.running.delete(userId);
      else this.running.set(userId, left);
      this.dispatch();
    };
  }

  /** Starts every waiting run that may start now, oldest first, then tells the rest where they are. */
  private dispatch(): void {
    for (let i = 0; i < this.queue.length && this.active < this.schedule.slots;) {
      const waiter = this.queue[i]!;
      if (!this.canStart(waiter.userId)) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      waiter.grant(this.start(waiter.userId));
    }
    this.tellPositions();
  }

  private leave(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index < 0) return;
    this.queue.splice(index, 1);
    waiter.cancel(cancelled());
    this.tellPositions();
  }

  private tellPositions(): void {
    this.queue.forEach((waiter, index) => {
      if (waiter.ahead === index) return;
      waiter.ahead = index;
      waiter.options.onWaiting?.(index);
    });
  }
}

/** A 4xx, not a server fault: the caller (a closed browser, a stopped answer) gave up waiting. */
function cancelled(): Error {
  return new AppError('bad_request', 'The code run was cancelled while it waited for a free slot.');
}
