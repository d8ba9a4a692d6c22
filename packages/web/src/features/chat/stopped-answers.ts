import { readLocal, writeLocal } from '../../lib/local-storage';

/** Answers the user stopped, remembered in this browser so a reload still words them as stopped. */
const STORAGE_KEY = 'stoppedAnswers';
/** The newest ids are enough: an answer stopped long ago has long scrolled away. */
const MAX_REMEMBERED = 200;

let remembered: string[] | null = null;

function list(): string[] {
  remembered ??= readLocal<string[]>(STORAGE_KEY, []);
  return remembered;
}

/** The answer (by its saved id) ended because its user pressed Stop. */
export function rememberStopped(messageId: string): void {
  remembered = [...list().filter((id) => id !== messageId), messageId].slice(-MAX_REMEMBERED);
  writeLocal(STORAGE_KEY, remembered);
}

/**
 * Whether an unfinished answer was stopped by its user — worded as a quiet "Stopped" — rather than
 * cut short for another reason, which keeps the incomplete-response notice.
 */
export function wasStoppedByUser(messageId: string): boolean {
  return list().includes(messageId);
}
