import { ERROR_CODES, apiErrorSchema } from '@parley/schema';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, badRequest } from '../errors/app-error.ts';
import { RateLimitError } from '../services/rate-limit/rate-limiter.ts';
import { BanError } from '../services/rate-limit/violation-bans.ts';
import { installErrorHandler } from './error-handler.ts';
import { ERROR_STATUS } from './error-status.ts';

describe('error codes and their statuses', () => {
  it('gives every code of the closed list an error status, and no code outside it', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const status of Object.values(ERROR_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('refuses a code outside the list in an error answer', () => {
    expect(apiErrorSchema.safeParse({ message: 'x', code: 'not_a_code' }).success).toBe(false);
    expect(
      apiErrorSchema.safeParse({ message: 'x', code: 'concurrent', type: 'concurrent', limit: 1 }).success,
    ).toBe(true);
  });
});

describe('error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    app.get('/bad', async () => {
      throw badRequest('Invalid body: title: Required', [{ path: 'title', message: 'Required' }]);
    });
    app.get('/limit', async () => {
      throw new RateLimitError(
        { type: 'message_limit', max: 40, windowMs: 60_000, what: 'messages' },
        30_500,
      );
    });
    app.get('/ban', async () => {
      throw new BanError(120_000);
    });
    app.get('/concurrent', async () => {
      throw new AppError('concurrent', 'Only one message at a time.', { type: 'concurrent', limit: 1 });
    });
    app.post('/json', async () => ({ ok: true }));
    app.get('/crash', async () => {
      throw new Error('secret internals');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (method: 'GET' | 'POST', url: string, payload?: string) => {
    const res = await app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    const body = res.json() as Record<string, unknown>;
    expect(apiErrorSchema.safeParse(body).success).toBe(true);
    return { status: res.statusCode, body, retryAfter: res.headers['retry-after'] };
  };

  it('answers an AppError with its code, its status from the one map and its details', async () => {
    const bad = await answer('GET', '/bad');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'title', message: 'Required' }] });

    const limit = await answer('GET', '/limit');
    expect(limit.status).toBe(429);
    expect(limit.retryAfter).toBe('31');
    expect(limit.body).toMatchObject({
      code: 'rate_limited',
      type: 'message_limit',
      max: 40,
      windowInMinutes: 1,
    });

    const ban = await answer('GET', '/ban');
    expect(ban.status).toBe(403);
    expect(ban.body).toMatchObject({ code: 'banned', type: 'ban', retryAfter: 120 });

    const concurrent = await answer('GET', '/concurrent');
    expect(concurrent.status).toBe(429);
    expect(concurrent.retryAfter).toBe('1');
  });

  it("names Fastify's own refusals with a code of the list and hides internals", async () => {
    const json = await answer('POST', '/json', '{not json');
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('bad_request');

    const crash = await answer('GET', '/crash');
    expect(crash.status).toBe(500);
    expect(crash.body).toMatchObject({ message: 'Internal server error', code: 'internal' });
  });
});
