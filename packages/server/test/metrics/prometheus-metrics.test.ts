import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../chat/sse-client.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const TOKEN = 'metrics-token-for-tests';

/** The value of one sample line (`name{labels} value`) whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /metrics and /health/ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(() => server.stop());

  it('refuses a missing or wrong token', async () => {
    expect((await server.api('/metrics')).status).toBe(401);
    expect((await server.api('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(
      401,
    );
    expect((await server.api('/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it('counts requests by route template and status, generations, first tokens, tokens and probes', async () => {
    const user = await createTestUser(server);
    await server.api('/api/convos/no-such-conversation', { token: user.token });
    const stream = await openStream(server, '/api/agents/chat/Demo', {
      token: user.token,
      json: {
        text: 'count me',
        model: 'echo',
        endpoint: 'Demo',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
    });
    await stream.rest();

    const res = await server.api('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(
      sample(text, 'parley_http_requests_total', {
        method: 'GET',
        route: '/api/convos/:conversationId',
        status: '404',
      }),
    ).toBe(1);
    expect(
      sample(text, 'parley_generations_total', { endpoint: 'Demo', model: 'echo', outcome: 'done' }),
    ).toBe(1);
    expect(sample(text, 'parley_generation_time_to_first_token_seconds_count', { endpoint: 'Demo' })).toBe(1);
    expect(sample(text, 'parley_generation_duration_seconds_count', { model: 'echo' })).toBe(1);
    expect(sample(text, 'parley_active_generations')).toBe(0);
    expect(sample(text, 'parley_database_probe_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'parley_bus_probe_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('a message id found taken (planned again under its own id) leaves no generation counted active', async () => {
    const [alice, bob] = [await createTestUser(server), await createTestUser(server)];
    const messageId = crypto.randomUUID();
    for (const user of [alice, bob]) {
      const stream = await openStream(server, '/api/agents/chat/Demo', {
        token: user.token,
        json: {
          text: 'taken id',
          model: 'echo',
          endpoint: 'Demo',
          conversationId: null,
          parentMessageId: NO_PARENT,
          messageId,
        },
      });
      expect((await stream.rest()).at(-1)!.data.responseMessage.text).toBe('taken id');
    }
    const res = await server.api('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(await res.text(), 'parley_active_generations')).toBe(0);
  });

  it('is ready while the database and the Bus answer; /health stays the plain liveness answer', async () => {
    const ready = await server.api('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', bus: 'ok' });
    expect(await (await server.api('/health')).text()).toBe('OK');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404: metrics are off', async () => {
    const server = await startTestServer();
    try {
      const res = await server.api('/metrics', { headers: { authorization: 'Bearer anything' } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toContain('METRICS_TOKEN');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
