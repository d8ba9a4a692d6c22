import { describe, expect, it } from 'vitest';
import { embeddedJson, errorDisplay } from './error-text';

describe('errorDisplay', () => {
  it('maps an embedded JSON type to its key', () => {
    expect(errorDisplay('{"type":"no_user_key"}')).toEqual({ key: 'com_error_no_user_key', values: {} });
    expect(errorDisplay('Error: {"type":"ban"} trailing')).toEqual({ key: 'com_error_ban', values: {} });
  });
  it('carries the values of limit errors', () => {
    expect(errorDisplay('{"type":"concurrent","limit":1}')).toEqual({
      key: 'com_error_concurrent',
      values: { limit: '1' },
    });
    expect(errorDisplay('{"type":"message_limit","max":40,"windowInMinutes":1}').values).toEqual({
      max: '40',
      windowInMinutes: '1',
    });
    expect(errorDisplay('{"code":"invalid_api_key"}').key).toBe('com_error_invalid_api_key');
  });
  it('falls back to the generic text, truncated to 512 characters', () => {
    expect(errorDisplay('boom')).toEqual({ key: 'com_error_generic', values: { detail: 'boom' } });
    const long = 'x'.repeat(600);
    const shown = errorDisplay(long).values.detail as string;
    expect(shown).toHaveLength(513);
    expect(shown.endsWith('…')).toBe(true);
  });
  it("words a provider's own refusal by its status, without the generic preamble", () => {
    expect(
      errorDisplay('{"type":"provider_error","status":401,"message":"Incorrect API key provided"}'),
    ).toEqual({
      key: 'com_error_provider_key',
      values: { status: 401, message: 'Incorrect API key provided' },
    });
    expect(errorDisplay('{"type":"provider_error","status":500,"message":"Sorry"}')).toEqual({
      key: 'com_error_provider_status',
      values: { status: 500, message: 'Sorry' },
    });
    expect(errorDisplay('{"type":"provider_unreachable","message":"fetch failed"}')).toEqual({
      key: 'com_error_provider_unreachable',
      values: { message: 'fetch failed' },
    });
  });
  it('carries a rate limit’s wait only when it is a whole, non-negative number of seconds', () => {
    const limited = (retryAfter: unknown) =>
      errorDisplay(JSON.stringify({ type: 'provider_error', status: 429, message: 'slow', retryAfter }));
    expect(limited(2)).toEqual({
      key: 'com_error_provider_rate_limit',
      values: { message: 'slow' },
      retryAfter: 2,
    });
    for (const bad of [-1, 1.5, '2', null, 'soon', undefined])
      expect(limited(bad).retryAfter).toBeUndefined();
  });
  it('cuts a huge provider message and survives a malformed status', () => {
    const shown = errorDisplay(
      JSON.stringify({ type: 'provider_error', status: 'x', message: 'y'.repeat(9000) }),
    );
    expect(shown.key).toBe('com_error_provider_status');
    expect(shown.values).toEqual({ status: '?', message: `${'y'.repeat(512)}…` });
  });
  it('treats JSON with an unknown type as generic', () => {
    expect(errorDisplay('{"type":"weird"}').key).toBe('com_error_generic');
  });
});

describe('embeddedJson', () => {
  it('finds the object inside prose and ignores broken braces', () => {
    expect(embeddedJson('a {b} c {"x":1} d')).toBeNull();
    expect(embeddedJson('prefix {"x":1} suffix')).toEqual({ x: 1 });
    expect(embeddedJson('no json')).toBeNull();
  });
});
