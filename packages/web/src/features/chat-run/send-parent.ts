import { NO_PARENT, type Message } from '@parley/schema';

/**
 * The message a new user message answers: the last message of the visible branch that the server
 * knows and that is not an error (an errored or client-only tail cannot be answered).
 */
export function parentForNewMessage(path: readonly Message[]): string {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const m = path[i]!;
    if (m.clientOnly === true || m.error) continue;
    return m.messageId;
  }
  return NO_PARENT;
}
