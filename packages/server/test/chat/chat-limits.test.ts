import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { messageLimits } from '../../src/services/rate-limit/message-limits.ts';
import { looksLikeBrowser } from '../../src/services/rate-limit/non-browser.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { SIM_ENDPOINT, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { finalOf, jsonOf } from './sse-client.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('message_limit and non_browser are off by default', () => {
  it('has no message cap and no browser check unless the operator turns them on', () => {
    const env = parseEnv({});
    const limits = messageLimits(env);
    expect(limits.user.max).toBe(0);
    expect(limits.ip.max).toBe(0);
    expect(env.NON_BROWSER_VIOLATION_SCORE).toBe(0);
    const on = messageLimits(parseEnv({ LIMIT_MESSAGE_USER: 'true', LIMIT_MESSAGE_IP: 'true' }));
    expect([on.user.max, on.ip.max]).toEqual([40, 40]);
  });

  it('tells browsers from scripts by their User-Agent', () => {
    expect(looksLikeBrowser(CHROME)).toBe(true);
    expect(looksLikeBrowser(FIREFOX)).toBe(true);
    for (const agent of [undefined, '', 'curl/8.5.0', 'node', 'python-requests/2.31', 'Mozilla/5.0']) {
      expect(looksLikeBrowser(agent)).toBe(false);
    }
  });
});

describe('message_limit (per user and per IP) and non_browser, turned on', () => {
  let f: ChatFixture;
  beforeAll(async () => {
    f = await startChatFixture({
      env: {
        LIMIT_MESSAGE_USER: 'true',
        MESSAGE_USER_MAX: '2',
        LIMIT_MESSAGE_IP: 'true',
        MESSAGE_IP_MAX: '3',
        NON_BROWSER_VIOLATION_SCORE: '5',
        BAN_INTERVAL: '100',
      },
    });
  });
  afterAll(() => f.stop());

  /** A browser's chat request from the address `ip` (the test's loopback peer is a trusted proxy). */
  const sendFrom = (ip: string, token: string, text: string) =>
    f.send({ text }, { token, headers: { 'user-agent': CHROME, 'x-forwarded-for': ip } });
  /** The same request for an answer expected to be a refusal (read as JSON, not as a stream). */
  const post = (ip: string, token: string, text: string, agent = CHROME) =>
    f.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
      method: 'POST',
      token,
      headers: { 'user-agent': agent, 'x-forwarded-for': ip },
      json: { text, model: 'echo', endpoint: SIM_ENDPOINT, conversationId: null, parentMessageId: null },
    });

  it('refuses a chat request that does not come from a browser, scoring a violation', async () => {
    const ip = '198.51.100.70';
    const res = await post(ip, f.alice.token, 'from a script', 'curl/8.5.0');
    expect(res.status).toBe(403);
    expect(await jsonOf(res)).toMatchObject({ type: 'non_browser' });
    expect(await f.server.ctx.bus.get(`violations:ip:${ip}`)).toBe('5');
    // (Another user than the next tests', whose message counts start at zero.)
    const dave = await createTestUser(f.server);
    const ok = await f.send(
      { text: 'from a browser' },
      { token: dave.token, headers: { 'user-agent': FIREFOX, 'x-forwarded-for': ip } },
    );
    expect(ok.response.status).toBe(200);
    await ok.rest();
  });

  it('caps messages per user, with the cap and window in the answer', async () => {
    for (const text of ['one', 'two']) {
      const stream = await sendFrom('198.51.100.80', f.alice.token, text);
      expect(stream.response.status).toBe(200);
      expect(finalOf(await stream.rest()).responseMessage.text).toBe(text);
    }
    const refused = await post('198.51.100.81', f.alice.token, 'three');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toMatchObject({ type: 'message_limit', max: 2, windowInMinutes: 1 });
  });

  it('caps messages per IP across users', async () => {
    const ip = '198.51.100.90';
    // Bob's first message from this address (his own cap is 2): the address is at 1 of 3.
    const first = await sendFrom(ip, f.bob.token, 'b1');
    expect(first.response.status).toBe(200);
    await first.rest();
    const carol = await createTestUser(f.server);
    for (const text of ['c1', 'c2']) {
      const stream = await sendFrom(ip, carol.token, text);
      expect(stream.response.status).toBe(200);
      await stream.rest();
    }
    const refused = await post(ip, f.bob.token, 'b2');
    expect(refused.status).toBe(429);
    expect(await jsonOf(refused)).toMatchObject({ type: 'message_limit', max: 3 });
    // Another address is not affected.
    const elsewhere = await sendFrom('198.51.100.91', f.bob.token, 'b3');
    expect(elsewhere.response.status).toBe(200);
    await elsewhere.rest();
  });
});
