import type { Message } from '@parley/schema';

/**
 * What an answer's end says below it once nothing is streaming: "Stopped" for one its user
 * stopped (saved with `stopped: true` and, per the stream protocol, not `unfinished`), the
 * incomplete-response notice for one the server lost or cut short (`unfinished`), else nothing.
 */
export function endNoticeOf(
  message: Pick<Message, 'unfinished' | 'stopped' | 'error' | 'isCreatedByUser'>,
  busy: boolean,
): 'stopped' | 'unfinished' | null {
  if (busy || message.error || message.isCreatedByUser) return null;
  if (message.stopped) return 'stopped';
  return message.unfinished ? 'unfinished' : null;
}
