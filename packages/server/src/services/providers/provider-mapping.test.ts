import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { failureText } from './failure-text.ts';
import { describeFailure, RETRY_AFTER_MAX_SECONDS, retryAfterOf } from './provider-failure.ts';

const apiError = (statusCode: number, message: string) =>
  new APICallError({
    message,
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    data: { error: { message } },
  });

describe('provider failures', () => {
  it('an HTTP error keeps its status and the upstream message', () => {
    expect(describeFailure(apiError(429, 'Slow down'), false)).toEqual({ message: 'Slow down', status: 429 });
    expect(describeFailure(apiError(500, 'Oops'), true)).toEqual({ message: 'Oops', status: 500 });
  });

  it('a break after the answer started is a lost connection; before it a plain failure', () => {
    expect(describeFailure(apiError(200, 'Failed to process'), true)).toMatchObject({ lostConnection: true });
    expect(describeFailure(new TypeError('terminated'), true)).toMatchObject({ lostConnection: true });
    expect(describeFailure(new TypeError('fetch failed'), false)).toEqual({ message: 'fetch failed' });
  });

  it('error texts: a JSON key when one applies, else provider_error with the status, or provider_unreachable', () => {
    expect(failureText({ message: 'x', key: 'no_user_key' })).toBe('{"type":"no_user_key"}');
    expect(JSON.parse(failureText({ message: 'bad key', status: 401 }))).toEqual({
      type: 'provider_error',
      status: 401,
      message: 'bad key',
    });
    expect(JSON.parse(failureText({ message: 'later', status: 429, retryAfterSeconds: 2 }))).toEqual({
      type: 'provider_error',
      status: 429,
      message: 'later',
      retryAfter: 2,
    });
    expect(JSON.parse(failureText({ message: 'down', status: 503 }))).toMatchObject({ status: 503 });
    expect(JSON.parse(failureText({ message: 'refused' }))).toEqual({
      type: 'provider_unreachable',
      message: 'refused',
    });
  });
});

describe("a rate limit's retry-after", () => {
  const limited = (headers: Record<string, string>, error: Record<string, unknown> = { message: 'slow' }) =>
    new APICallError({
      message: 'x',
      url: 'http://x',
      requestBodyValues: {},
      statusCode: 429,
      responseHeaders: headers,
      data: { error },
    });

  it('is read from the header in seconds or as a date, and from Google’s RetryInfo', () => {
    expect(describeFailure(limited({ 'retry-after': '2' }), false)).toEqual({
      message: 'slow',
      status: 429,
      retryAfterSeconds: 2,
    });
    expect(retryAfterOf(limited({ 'retry-after': '1.2' }))).toBe(2);
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterOf(limited({ 'retry-after': 'Tue, 24 Nov 2026 12:00:30 GMT' }), now)).toBe(30);
    const google = limited({}, { message: 'quota', details: [{ retryDelay: '7s' }] });
    expect(retryAfterOf(google)).toBe(7);
  });

  it('is ignored when missing, malformed, negative, absurdly long, or not on a 429', () => {
    expect(retryAfterOf(limited({}))).toBeUndefined();
    expect(retryAfterOf(limited({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterOf(limited({ 'retry-after': '-5' }))).toBeUndefined();
    expect(retryAfterOf(limited({ 'retry-after': String(RETRY_AFTER_MAX_SECONDS + 1) }))).toBeUndefined();
    expect(retryAfterOf(limited({ 'retry-after': '1e9' }))).toBeUndefined();
    expect(retryAfterOf(limited({}, { message: 'q', details: [{ retryDelay: 'later' }] }))).toBeUndefined();
    expect(retryAfterOf(limited({}, { message: 'q', details: 'nope' }))).toBeUndefined();
    const serverError = new APICallError({
      message: 'x',
      url: 'http://x',
      requestBodyValues: {},
      statusCode: 503,
      responseHeaders: { 'retry-after': '5' },
      data: { error: { message: 'down' } },
    });
    expect(describeFailure(serverError, false)).toEqual({ message: 'down', status: 503 });
  });
});

describe('upstream refusals → the spec’s error types', () => {
  const refusal = (statusCode: number, error: Record<string, unknown>) =>
    new APICallError({ message: 'x', url: 'http://x', requestBodyValues: {}, statusCode, data: { error } });

  it('a prompt too long for the context is INPUT_LENGTH with the upstream words as info', () => {
    const failure = describeFailure(
      refusal(400, {
        message: 'This model’s maximum context length is 8192 tokens',
        code: 'context_length_exceeded',
      }),
      false,
    );
    expect(JSON.parse(failureText(failure))).toEqual({
      type: 'INPUT_LENGTH',
      info: 'This model’s maximum context length is 8192 tokens',
    });
    expect(
      describeFailure(refusal(400, { message: 'prompt is too long: 210000 tokens > 200000 maximum' }), false)
        .key,
    ).toBe('INPUT_LENGTH');
  });

  it('other bad requests: invalid_request_error, google_error from Google; a content filter is moderation', () => {
    expect(JSON.parse(failureText(describeFailure(refusal(400, { message: 'bad stop' }), false)))).toEqual({
      type: 'invalid_request_error',
      info: 'bad stop',
    });
    expect(
      JSON.parse(failureText(describeFailure(refusal(404, { message: 'no such model' }), false, 'google'))),
    ).toEqual({
      type: 'google_error',
      info: 'no such model',
    });
    expect(describeFailure(refusal(400, { message: 'filtered', code: 'content_filter' }), false).key).toBe(
      'moderation',
    );
  });

  it('an exhausted quota carries the insufficient_quota code; keys, limits and outages stay readable', () => {
    expect(
      JSON.parse(
        failureText(describeFailure(refusal(429, { message: 'quota', code: 'insufficient_quota' }), false)),
      ),
    ).toEqual({
      code: 'insufficient_quota',
      message: 'quota',
    });
    expect(
      JSON.parse(failureText(describeFailure(refusal(401, { message: 'bad key' }), false))),
    ).toMatchObject({
      type: 'provider_error',
      status: 401,
    });
    expect(JSON.parse(failureText(describeFailure(refusal(503, { message: 'down' }), false)))).toMatchObject({
      status: 503,
      message: 'down',
    });
  });

  it('an expired user key names the endpoint and the expiry', () => {
    expect(
      JSON.parse(
        failureText({
          message: 'x',
          key: 'expired_user_key',
          extra: { expiredAt: '2026-01-01T00:00:00.000Z', endpoint: 'openAI' },
        }),
      ),
    ).toEqual({ type: 'expired_user_key', expiredAt: '2026-01-01T00:00:00.000Z', endpoint: 'openAI' });
  });
});
