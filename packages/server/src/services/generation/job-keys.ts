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
};

/** What any instance may learn about a job. */
export interface JobMeta {
  jobId: string;
  userId: string;
  conversationId: string;
  responseMessageId: string;
  requestMessageId: string;
  startedAt: number;
}

/** The lock expires unless the running job refreshes it, so a crashed instance frees the conversation. */
export const LOCK_TTL_MS = 60_000;
export const LOCK_REFRESH_MS = 20_000;
/** How long a running job's log and meta live without a refresh. */
export const RUNNING_TTL_MS = 30 * 60_000;
/** How long a finished job can still be resumed (answers its final at once). */
export const FINISHED_TTL_MS = 5 * 60_000;
