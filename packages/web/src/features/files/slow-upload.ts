import { SLOW_UPLOAD_WARNING } from '@parley/schema';

/** How long the slow-upload warning stays up (longer than other toasts: the wait is the news). */
export const SLOW_UPLOAD_NOTICE_MS = SLOW_UPLOAD_WARNING.showMs;

const MEGABYTE = 1024 * 1024;

/** When an upload of `bytes` counts as slow: 5 s plus 2 s for each megabyte. */
export function slowUploadDelayMs(bytes: number): number {
  return Math.round(SLOW_UPLOAD_WARNING.baseMs + (SLOW_UPLOAD_WARNING.perMbMs * bytes) / MEGABYTE);
}

/**
 * Calls `warn` once if the upload of `bytes` is still running after slowUploadDelayMs, so a person
 * waiting on a big or slow file learns it is still on its way; the returned function cancels the
 * watch when the upload ends either way.
 */
export function watchSlowUpload(bytes: number, warn: () => void): () => void {
  const timer = setTimeout(warn, slowUploadDelayMs(bytes));
  return () => clearTimeout(timer);
}
