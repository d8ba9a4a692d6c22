import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors/app-error.ts';
import type { GenerationObserver } from '../../metrics/prometheus-metrics.ts';
import type { CompletionPort, JobHost } from './completion-port.ts';
import { GenerationJob, type GenerationSpec } from './generation-job.ts';
import { GenerationLease } from './generation-lease.ts';
import { JobChannel } from './job-channel.ts';
import { awaitTerminal } from './job-follower.ts';
import {
  FINISHED_TTL_MS,
  addedLane,
  jobKeys,
  jobLane,
  LOCK_TTL_MS,
  RUNNING_TTL_MS,
  SWEEP_INTERVAL_MS,
  type JobMeta,
  type JobRecovery,
} from './job-keys.ts';
import { OrphanSweeper, type SaveOrphan } from './orphan-sweeper.ts';

/** How long a stop request waits for the job's final event. */
const ABORT_WAIT_MS = 15_000;
/**
 * How long a request that finds its conversation busy watches for that generation's stop to
 * begin (its client closed the stream a moment ago) before it is refused as concurrent.
 */
const STOP_NOTICE_MS = 1000;
const STOP_NOTICE_POLL_MS = 25;
/** The per-user list of recent conversations is compacted past this length. */
const USER_LIST_COMPACT_AT = 200;

/** The `concurrent` limit: one generation per conversation at a time (PROTOCOL.md "One generation per conversation"). */
export function concurrentError(): AppError {
  return new AppError(
    'concurrent',
    'Only one message at a time. Please allow any other responses to complete before sending another message.',
    { type: 'concurrent', limit: 1 },
  );
}

export interface GenerationManagerOptions {
  /** How long a job's lock outlives its instance: the lease's lifetime (default LOCK_TTL_MS). */
  lockTtlMs?: number;
  /** How often this instance looks for orphaned jobs (default SWEEP_INTERVAL_MS; 0: never). */
  sweepIntervalMs?: number;
  /** Saves the answer of a job whose instance died; without it there is no sweeping. */
  saveOrphan?: SaveOrphan;
  /** Told of each job's start, first output and end (Prometheus metrics, when on). */
  observer?: GenerationObserver;
  /** How long a busy lane is watched for its generation's stop to begin (default STOP_NOTICE_MS). */
  stopNoticeMs?: number;
}

/**
 * Starts, stops and finds generation jobs. Jobs run on the instance that started them (kept in
 * `local`); everything other instances need — the lock, the job's meta and events, stop
 * requests, the list of running jobs that any instance sweeps for orphans — goes through the Bus.
 */
export class GenerationManager {
  private readonly local = new Map<string, GenerationJob>();
  /** Each running job's end, kept until the job has ended (`local` lets go when it settles). */
  private readonly ending = new Map<string, Promise<void>>();
  private readonly lockTtlMs: number;
  private readonly stopNoticeMs: number;
  private readonly observer: GenerationObserver | undefined;
  readonly sweeper: OrphanSweeper | null;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    opts: GenerationManagerOptions = {},
  ) {
    this.lockTtlMs = opts.lockTtlMs || LOCK_TTL_MS;
    this.stopNoticeMs = opts.stopNoticeMs ?? STOP_NOTICE_MS;
    this.observer = opts.observer;
    this.sweeper = opts.saveOrphan
      ? new OrphanSweeper(bus, logger, {
          intervalMs: opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
          isLocal: (jobId) => this.local.has(jobId),
          save: opts.saveOrphan,
        })
      : null;
    this.sweeper?.start();
  }

  /**
   * Takes a lane's generation lock (the conversation id, or `addedLane` of it for a second
   * answer) for a new job id; refuses with `concurrent` when one is running. Call `start` with
   * the id, or `release` when the request fails before that.
   */
  async reserve(lane: string): Promise<string> {
    const jobId = randomUUID();
    const lock = () => this.bus.setIfAbsent(jobKeys.lock(lane), jobId, this.lockTtlMs);
    if (await lock()) return jobId;
    // A job that is being stopped (its stop call, or its last stream closing) ends within moments:
    // a client that sends its next message right after stopping waits for it instead of a 429.
    // A client that closes its stream and sends at once races itself: the close and the new request
    // come on different connections, and the server may handle the request first, before the
    // stream's 'close' event has begun the stop. The holder is watched for a moment before the
    // refusal, which costs nothing when the lane is free and at most STOP_NOTICE_MS when it is not.
    const noticeBy = Date.now() + this.stopNoticeMs;
    for (;;) {
      const holder = await this.bus.get(jobKeys.lock(lane));
      if (!holder) {
        if (await lock()) return jobId;
      } else if (await this.bus.get(jobKeys.stopping(holder))) {
        await awaitTerminal(this.bus, holder, ABORT_WAIT_MS);
        if (await lock()) return jobId;
        throw concurrentError();
      }
      if (Date.now() >= noticeBy) throw concurrentError();
      await delay(STOP_NOTICE_POLL_MS);
    }
  }

  async release(lane: string, jobId: string): Promise<void> {
    if ((await this.bus.get(jobKeys.lock(lane))) === jobId) {
      await this.bus.del(jobKeys.lock(lane));
    }
  }

  /**
   * Starts a reserved job; it runs to its end, or until stopped (the stop call, or its last
   * stream closing when it is not resumable). `recovery` is what another instance needs to save
   * the answer if this one dies; `port` is the owner's side: the job waits on its
   * `requestSaved` before publishing and ends by handing its result to `complete`.
   */
  async start(spec: GenerationSpec, port: CompletionPort, recovery: JobRecovery): Promise<JobMeta> {
    const onError = (err: unknown) => this.logger.error({ err, jobId: spec.jobId }, 'generation job error');
    const meta: JobMeta = {
      jobId: spec.jobId,
      userId: spec.userId,
      conversationId: spec.conversationId,
      responseMessageId: spec.responseMessageId,
      requestMessageId: spec.init.requestMessage.messageId,
      ...(spec.lane ? { lane: spec.lane } : {}),
      startedAt: Date.now(),
      resumable: spec.resumable ?? false,
      recovery,
    };
    const metaJson = JSON.stringify(meta);
    const lane = jobLane(meta);
    // A lease lost before the job exists (a start slower than the lock's lifetime) stops it at once.
    let leaseLost = false;
    let stopJob: () => void = () => (leaseLost = true);
    const lease = new GenerationLease(this.bus, jobKeys.lock(lane), spec.jobId, this.lockTtlMs, {
      onLost: () => {
        this.logger.warn({ jobId: spec.jobId, lane }, 'generation lost its lock to another; stopping it');
        stopJob();
      },
      onError,
    });
    // Independent keys, written together: on Redis that is one round trip before the upstream
    // request starts instead of four. The lease's first renewal rides along, so the lock is fresh
    // when the upstream request starts.
    const [, listed] = await Promise.all([
      this.bus.set(jobKeys.meta(lane), metaJson, RUNNING_TTL_MS),
      this.bus.append(jobKeys.userJobs(spec.userId), spec.conversationId, RUNNING_TTL_MS),
      this.bus.addMember(jobKeys.running, metaJson),
      lease.start(),
    ]);
    // Each start renews the list's lifetime, so a client that chats without pause and never asks
    // which of its conversations are active (an API client) would grow it without end: it is
    // compacted here too, in the background, once it passes the limit.
    if (listed > USER_LIST_COMPACT_AT) void this.activeConversations(spec.userId).catch(onError);
    // Keeps the meta of a long generation alive while the job runs here.
    const metaRefresh = setInterval(() => {
      this.bus.set(jobKeys.meta(lane), metaJson, RUNNING_TTL_MS).catch(onError);
    }, RUNNING_TTL_MS / 3);
    metaRefresh.unref();
    let unsubscribe: () => Promise<void> = async () => undefined;
    // Runs after the answer is saved and before its final event is published, so a client that
    // sends its next message the moment it sees `final` finds the conversation free.
    const settle = async () => {
      clearInterval(metaRefresh);
      this.local.delete(spec.jobId);
      await unsubscribe().catch(onError);
      await this.bus.set(jobKeys.meta(lane), metaJson, FINISHED_TTL_MS).catch(onError);
      // Unlisted while the lock is still held, so no sweeper takes the saved job for an orphan.
      await this.bus.removeMember(jobKeys.running, metaJson).catch(onError);
      lease.stop();
      await this.release(lane, spec.jobId).catch(onError);
    };
    const track = this.observer?.started({ endpoint: recovery.endpoint, model: recovery.model });
    const observed: CompletionPort = track
      ? {
          requestSaved: () =>
            port.requestSaved().catch((err: unknown) => {
              track.discarded();
              throw err;
            }),
          complete: (result) => {
            track.finished(result.outcome, result.usage);
            return port.complete(result);
          },
        }
      : port;
    const host: JobHost = { failed: onError, settle, firstOutput: () => track?.firstToken() };
    const job = new GenerationJob(spec, observed, new JobChannel(this.bus, spec.jobId, onError), host);
    // A lock lost to another instance is the server's doing, not the user's.
    stopJob = () => job.abort('server');
    if (leaseLost) stopJob();
    unsubscribe = await this.bus.subscribe(jobKeys.control(lane), (message) => {
      // Control messages come from the stop call or from a client closing its stream.
      if (message === spec.jobId) job.abort('user');
    });
    this.local.set(spec.jobId, job);
    this.ending.set(
      spec.jobId,
      job.done.finally(() => this.ending.delete(spec.jobId)),
    );
    job.start();
    return meta;
  }

  /**
   * Resolves when a job started here has ended (its lock released, its last event published);
   * at once for a job that is not running here.
   */
  async ended(jobId: string): Promise<void> {
    await this.ending.get(jobId);
  }

  /**
   * The latest job of a lane (a conversation id, or `addedLane` of it), when it is the user's
   * (running or finished a few minutes ago).
   */
  async findJob(userId: string, lane: string): Promise<JobMeta | null> {
    const raw = await this.bus.get(jobKeys.meta(lane));
    if (!raw) return null;
    const meta = JSON.parse(raw) as JobMeta;
    return meta.userId === userId ? meta : null;
  }

  async isRunning(meta: JobMeta): Promise<boolean> {
    return (await this.bus.get(jobKeys.lock(jobLane(meta)))) === meta.jobId;
  }

  /**
   * Stops the job from any instance and answers its last event (final or error) as JSON, or
   * null when nothing was running.
   */
  async abort(meta: JobMeta): Promise<string | null> {
    if (!(await this.isRunning(meta))) return null;
    const terminal = awaitTerminal(this.bus, meta.jobId, ABORT_WAIT_MS);
    await this.requestStop(meta);
    const entry = await terminal;
    return entry?.json ?? null;
  }

  /** Tells the job's instance, wherever it runs, to stop it and save the answer unfinished. */
  private async requestStop(meta: JobMeta): Promise<void> {
    await this.bus.set(jobKeys.stopping(meta.jobId), '1', ABORT_WAIT_MS);
    await this.bus.publish(jobKeys.control(jobLane(meta)), meta.jobId);
  }

  /** A stream of the job opened (the starting POST or a resume, on any instance). */
  async attach(meta: JobMeta): Promise<void> {
    await this.bus.incr(jobKeys.subscribers(meta.jobId), RUNNING_TTL_MS, 1);
  }

  /**
   * A stream of the job closed before the job ended. When it was the last one and the client did
   * not ask for a resumable generation, the job stops exactly as with the stop call: a client that
   * stops by closing its stream gets the answer saved as it stood.
   */
  async detach(meta: JobMeta): Promise<void> {
    const left = await this.bus.incr(jobKeys.subscribers(meta.jobId), RUNNING_TTL_MS, -1);
    if (left > 0 || meta.resumable) return;
    if (await this.isRunning(meta)) await this.requestStop(meta);
  }

  /** Conversation ids of the user's running generations. */
  async activeConversations(userId: string): Promise<string[]> {
    const key = jobKeys.userJobs(userId);
    const listed = [...new Set(await this.bus.range(key, 0))];
    const running: string[] = [];
    for (const conversationId of listed) {
      for (const lane of [conversationId, addedLane(conversationId)]) {
        const meta = await this.findJob(userId, lane);
        if (meta && (await this.isRunning(meta))) {
          running.push(conversationId);
          break;
        }
      }
    }
    if (listed.length > USER_LIST_COMPACT_AT) {
      await this.bus.del(key);
      for (const id of running) await this.bus.append(key, id, RUNNING_TTL_MS);
    }
    return running;
  }

  /** Stops every job of this instance and waits until each has saved its answer. */
  async shutdown(): Promise<void> {
    await this.sweeper?.stop();
    const jobs = [...this.local.values()];
    for (const job of jobs) job.abort('server');
    await Promise.all(jobs.map((job) => job.done.catch(() => undefined)));
  }

  /** Number of jobs running on this instance. */
  get localCount(): number {
    return this.local.size;
  }
}
