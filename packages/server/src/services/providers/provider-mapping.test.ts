import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { toProviderEvent } from './ai-sdk-provider.ts';
import { describeFailure, failureText } from './provider-failure.ts';

const apiError = (statusCode: number, message: string) =>
  new APICallError({
    message,
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    data: { error: { message } },
  });

describe('AI SDK stream parts → provider events', () => {
  it('maps deltas, tool calls and the finish (in OpenAI words)', () => {
    expect(toProviderEvent({ type: 'text-delta', id: '1', text: 'hi' })).toEqual({
      type: 'text',
      text: 'hi',
    });
    expect(toProviderEvent({ type: 'text-delta', id: '1', text: '' })).toBeNull();
    expect(toProviderEvent({ type: 'reasoning-delta', id: '1', text: 'hm' })).toEqual({
      type: 'reasoning',
      text: 'hm',
    });
    expect(toProviderEvent({ type: 'tool-input-start', id: 'c', toolName: 't' })).toEqual({
      type: 'tool-call-start',
      id: 'c',
      name: 't',
    });
    const usage = {
      inputTokens: 3,
      outputTokens: 5,
      totalTokens: 8,
      inputTokenDetails: { noCacheTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 },
      outputTokenDetails: { textTokens: 5, reasoningTokens: 0 },
    };
    expect(
      toProviderEvent({
        type: 'finish',
        finishReason: 'tool-calls',
        rawFinishReason: undefined,
        totalUsage: usage,
      }),
    ).toMatchObject({ type: 'finish', reason: 'tool_calls', usage: { inputTokens: 3, outputTokens: 5 } });
    expect(
      toProviderEvent({
        type: 'finish',
        finishReason: 'length',
        rawFinishReason: 'length',
        totalUsage: usage,
      }),
    ).toMatchObject({ reason: 'length' });
    expect(toProviderEvent({ type: 'start' })).toBeNull();
  });
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

  it('error texts: a JSON key when one applies, else a message naming the status', () => {
    expect(failureText({ message: 'x', key: 'no_user_key' })).toBe('{"type":"no_user_key"}');
    expect(failureText({ message: 'bad key', status: 401 })).toMatch(/API key \(401\): bad key/);
    expect(failureText({ message: 'later', status: 429 })).toMatch(/rate limit.*\(429\): later/);
    expect(failureText({ message: 'down', status: 503 })).toMatch(/\(503\): down/);
    expect(failureText({ message: 'refused' })).toMatch(/Could not reach.*refused/);
  });
});
