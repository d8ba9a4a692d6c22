/**
 * Bus keys and channels of generation jobs. Everything instances share about a job lives under
 * these names, so the Redis bus works unchanged.
 */
export const jobKeys = {
  /** Held (value: jobId) while a generation runs in the conversation; the concurrency lock. */
  lock: (conversationId: string) => `gen:lock:${conversationId}`,
  /** JobMeta of the conversation's latest job, kept a few minutes after it ends. */
  meta: (conversationId: string) => `gen:job:${conversationId}`,
  /** The job's event log (encoded entries), read when a client resumes. */
  log: (jobId: string) => `gen:log:${jobId}`,
  /** Live events of the job (the same encoded entries as the log). */
  events: (jobId: string) => `gen:events:${jobId}`,
  /** Stop requests for a conversation's job, from any instance. */
  control: (conversationId: string) => `gen:control:${conversationId}`,
  /** Conversation ids in which the user started generations recently (for `active`). */
  userJobs: (userId: string) => `gen:user:${userId}`,
  /** Every job still running on some instance (members: JobMeta JSON); swept for orphans. */
  running: 'gen:running',
  /** How many streams (the POST, resumes) follow the job now, on every instance. */
  subscribers: (jobId: string) => `gen:subs:${jobId}`,
  /** Set while a stop of the job is on its way, so a next send waits for it instead of a 429. */
  stopping: (jobId: string) => `gen:stopping:${jobId}`,
  /** Taken by the one instance that saves an orphaned job's answer. */
  recovery: (jobId: string) => `gen:recover:${jobId}`,
};

/**
 * The lane of a message's second answer (multi-conversation): it runs beside the conversation's
 * own generation with a lock of its own, so one does not refuse or stop the other by accident.
 */
export const addedLane = (conversationId: string): string => `${conversationId}:added`;

/** The lane a job's lock, meta and stop channel live under. */
export const jobLane = (meta: Pick<JobMeta, 'lane' | 'conversationId'>): string =>
  meta.lane ?? meta.conversationId;

/** What any instance may learn about a job. */
export interface JobMeta {
  jobId: string;
  userId: string;
  conversationId: string;
  responseMessageId: string;
  requestMessageId: string;
  /**
   * The name the job's lock, meta and stop channel live under: the conversation id for its
   * answer, `addedLane(conversationId)` for the second answer of a multi-conversation message.
   * Absent in jobs started before lanes existed (then the conversation id).
   */
  lane?: string;
  startedAt: number;
  /**
   * The client asked for the job to outlive its streams (RESUMABLE_STREAM_HEADER). When false,
   * the last stream closing stops it.
   */
  resumable: boolean;
  /** What another instance needs to save the answer when this job's instance dies. */
  recovery: JobRecovery;
}

export interface JobRecovery {
  endpoint: string;
  model: string;
  sender: string;
  /** The job extends an existing answer (Continue): the save overwrites it. */
  continued: boolean;
}

/**
 * The lock expires unless the running job renews it (every third of its TTL, generation-lease.ts),
 * so a crashed instance frees the conversation within seconds and its user can send again; any
 * instance's sweeper then saves the orphaned answer. A live instance renews it every 2 s, so only
 * an event loop blocked for longer than the TTL could lose it.
 * GENERATION_LOCK_TTL_MS and GENERATION_SWEEP_MS override these defaults.
 */
export const LOCK_TTL_MS = 6_000;
export const SWEEP_INTERVAL_MS = 15_000;
/** How long a running job's log and meta live without a refresh. */
export const RUNNING_TTL_MS = 30 * 60_000;
/** How long a finished job can still be resumed (answers its final at once). */
export const FINISHED_TTL_MS = 5 * 60_000;
