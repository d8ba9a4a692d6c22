import { describe, expect, it } from 'vitest';
import { argsText, authLink, credentialsPluginKey, signInStepServer, toolCallState } from './tool-call-state';

describe('tool call state', () => {
  it('runs while the answer streams below progress 1, and is cancelled once it stopped there', () => {
    expect(toolCallState({ name: 'lookup' }, true)).toBe('running');
    expect(toolCallState({ name: 'lookup', progress: 0.5 }, false)).toBe('cancelled');
  });

  it('is finished at progress 1 and failed when the output says so, streaming or not', () => {
    expect(toolCallState({ progress: 1, output: '42' }, false)).toBe('done');
    expect(toolCallState({ progress: 1, output: 'Error processing tool lookup: bad input' }, false)).toBe(
      'error',
    );
    expect(toolCallState({ progress: 0.5, output: 'error processing tool' }, true)).toBe('error');
  });

  it('asks for sign-in while an auth link is open, and runs on once it expired', () => {
    const now = Date.UTC(2026, 0, 1);
    const call = { auth: 'https://idp.example/authorize', progress: 0.1 };
    expect(toolCallState({ ...call, expires_at: now + 60_000 }, true, now)).toBe('auth');
    expect(toolCallState({ ...call, expires_at: now - 1 }, true, now)).toBe('running');
    expect(toolCallState(call, false, now)).toBe('cancelled');
  });

  it('pretty-prints JSON arguments and keeps anything else as it came', () => {
    expect(argsText('{"city":"Lisbon"}')).toBe('{\n  "city": "Lisbon"\n}');
    expect(argsText('{"city":')).toBe('{"city":');
    expect(argsText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(argsText('')).toBe('');
  });

  it('opens only http(s) sign-in links', () => {
    expect(authLink('https://idp.example/a?b=1')).toBe('https://idp.example/a?b=1');
    expect(authLink('javascript:alert(1)')).toBeNull();
    expect(authLink('lookup')).toBeNull();
    expect(authLink(undefined)).toBeNull();
  });

  it('reads the tool of a call that waits for stored credentials', () => {
    expect(credentialsPluginKey('plugin:weather')).toBe('weather');
    expect(credentialsPluginKey('https://idp.example/a')).toBeNull();
    expect(credentialsPluginKey(undefined)).toBeNull();
  });

  it('names the server of a sign-in step, and nothing else', () => {
    expect(signInStepServer('oauth_mcp_secure')).toBe('secure');
    expect(signInStepServer('oauth_mcp_')).toBeNull();
    expect(signInStepServer('whoami_mcp_secure')).toBeNull();
    expect(signInStepServer(undefined)).toBeNull();
  });
});
