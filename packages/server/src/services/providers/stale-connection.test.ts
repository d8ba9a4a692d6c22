import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { isStaleConnection, retryingStaleConnection, STALE_CONNECTION_RETRIES } from './stale-connection.ts';

/** What the AI SDK throws when fetch fails on a socket: "Cannot connect to API", the socket error as cause. */
const connectionError = (code: string | undefined, message = 'other side closed') =>
  new APICallError({
    message: `Cannot connect to API: ${message}`,
    url: 'http://sim/v1/chat/completions',
    requestBodyValues: {},
    cause: Object.assign(new Error(message), code ? { code } : {}),
    isRetryable: true,
  });

describe('isStaleConnection', () => {
  it('knows a connection closed under the request, however deep the socket error sits', () => {
    expect(isStaleConnection(connectionError('UND_ERR_SOCKET'))).toBe(true);
    expect(isStaleConnection(connectionError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
    expect(isStaleConnection(connectionError('EPIPE', 'write EPIPE'))).toBe(true);
    const wrapped = new APICallError({
      message: 'Cannot connect to API: fetch failed',
      url: 'u',
      requestBodyValues: {},
      cause: new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    });
    expect(isStaleConnection(wrapped)).toBe(true);
  });

  it('leaves every other failure alone', () => {
    // A server that is down, a name that does not resolve, a time-out: sending again does not help.
    expect(isStaleConnection(connectionError('ECONNREFUSED', 'connect ECONNREFUSED'))).toBe(false);
    expect(isStaleConnection(connectionError('ENOTFOUND'))).toBe(false);
    expect(isStaleConnection(connectionError('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
    expect(isStaleConnection(connectionError(undefined))).toBe(false);
    // An answer with a status was received: never sent again.
    const answered = new APICallError({
      message: 'Bad gateway',
      url: 'u',
      requestBodyValues: {},
      statusCode: 502,
      cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }),
    });
    expect(isStaleConnection(answered)).toBe(false);
    // Not the SDK's call error at all, or not an error.
    expect(isStaleConnection(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }))).toBe(
      false,
    );
    expect(isStaleConnection(null)).toBe(false);
    expect(isStaleConnection('UND_ERR_SOCKET')).toBe(false);
  });
});

describe('retryingStaleConnection', () => {
  const live = () => new AbortController().signal;

  it('sends the request again after a closed connection and answers the first success', async () => {
    let calls = 0;
    const result = await retryingStaleConnection(async () => {
      if (++calls < 2) throw connectionError('UND_ERR_SOCKET');
      return 'answer';
    }, live());
    expect(result).toBe('answer');
    expect(calls).toBe(2);
  });

  it('gives up after its retries with the last error', async () => {
    let calls = 0;
    const error = connectionError('UND_ERR_SOCKET');
    await expect(
      retryingStaleConnection(async () => {
        calls++;
        throw error;
      }, live()),
    ).rejects.toBe(error);
    expect(calls).toBe(STALE_CONNECTION_RETRIES + 1);
  });

  it('does not send again after any other failure, or once the run was stopped', async () => {
    let calls = 0;
    const refused = connectionError('ECONNREFUSED');
    await expect(
      retryingStaleConnection(async () => {
        calls++;
        throw refused;
      }, live()),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);

    const stopped = new AbortController();
    stopped.abort();
    calls = 0;
    await expect(
      retryingStaleConnection(async () => {
        calls++;
        throw connectionError('UND_ERR_SOCKET');
      }, stopped.signal),
    ).rejects.toBeInstanceOf(APICallError);
    expect(calls).toBe(1);
  });
});
