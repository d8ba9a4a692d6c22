import { APICallError } from 'ai';

/**
 * Socket errors that mean the provider's server closed the connection before answering: what a
 * client meets when it sends a request on a kept-alive connection the server has just closed for
 * idling. On a busy server that race is common: the socket's close sits unread in the event queue
 * while the next model call of a tool loop picks the same socket from the pool.
 */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * How many times a request that met a closed connection is sent again (each on another socket).
 * A provider closes its idle connections together, so one request can meet several of the burst
 * in a row before the pool has read their closes: two retries were not enough on a quiet machine.
 */
export const STALE_CONNECTION_RETRIES = 5;

/**
 * True when `error` is a request that failed before any answer because the connection was closed
 * under it: no HTTP status, and a socket-closed code somewhere in its causes. Sending it again is
 * safe in the sense every provider SDK uses for connection errors: no answer was received, so
 * nothing was shown or saved; a refused connection or a time-out is not this case.
 */
export function isStaleConnection(error: unknown): boolean {
  if (!APICallError.isInstance(error) || error.statusCode !== undefined) return false;
  let cause: unknown = error.cause;
  for (let depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CLOSED_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `open` (a request to the provider that resolves once its answer starts), sending it again
 * when the connection was closed before any answer (see isStaleConnection), at most
 * STALE_CONNECTION_RETRIES times and never after `signal` fired.
 */
export async function retryingStaleConnection<T>(
  open: () => PromiseLike<T>,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (attempt >= STALE_CONNECTION_RETRIES || signal.aborted || !isStaleConnection(error)) throw error;
      // A server closes its idle connections together; waiting for the loop's next turn lets the
      // pool read the other closes that arrived with this one, so the retry takes a live socket.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
