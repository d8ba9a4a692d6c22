/**
 * A rate-limited answer is tried again by itself once, when the wait the provider asked for is
 * over. "Once" is per question (the answer's parent): the retry's own answer is a sibling, and a
 * second 429 there must not start a loop.
 */
const retriedQuestions = new Set<string>();

/** Whether the question `parentMessageId` may still be retried by itself. */
export function mayAutoRetry(parentMessageId: string): boolean {
  return !retriedQuestions.has(parentMessageId);
}

/** Records that the question was retried (or that the user declined it): no second time. */
export function spendAutoRetry(parentMessageId: string): void {
  retriedQuestions.add(parentMessageId);
}

/**
 * When the wait ends, in ms since the epoch: counted from the answer's creation, so a reload
 * minutes later does not count down again. An answer without a readable time counts from `now`.
 */
export function retryDeadline(createdAt: string | undefined, retryAfterSeconds: number, now: number): number {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  // A clock ahead of ours (the server's) must not stretch the wait beyond what was asked.
  const start = Number.isNaN(created) ? now : Math.min(created, now);
  return start + retryAfterSeconds * 1000;
}
