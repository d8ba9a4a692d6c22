import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { RateLimitError, RateLimiter, type LimitRule } from './rate-limiter.ts';

const rule: LimitRule = { type: 'logins', max: 2, windowMs: 60_000, what: 'login attempts' };

describe('RateLimiter', () => {
  it('refuses the attempt after max within the window, per key, and forgets after it', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(new MemoryBus(() => now));
    await limiter.hit(rule, ['ip:1', 'email:a']);
    await limiter.hit(rule, ['ip:1', 'email:b']);
    const refused = await limiter.hit(rule, ['ip:1']).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({
      code: 'rate_limited', // answered 429 by the HTTP layer's one status map
      message: 'Too many login attempts, please try again after 1 minute.',
      details: { type: 'logins', retryAfter: 60 },
    });
    // Another IP with a fresh email is fine; an email over its limit is refused from any IP.
    await limiter.hit(rule, ['ip:2', 'email:c']);
    await limiter.hit(rule, ['ip:3', 'email:a']);
    await expect(limiter.hit(rule, ['ip:4', 'email:a'])).rejects.toBeInstanceOf(RateLimitError);

    now += 60_001;
    await expect(limiter.hit(rule, ['ip:1', 'email:a'])).resolves.toBeUndefined();
  });

  it('ignores empty keys and is off with max 0', async () => {
    const limiter = new RateLimiter(new MemoryBus());
    for (let i = 0; i < 5; i++) await limiter.hit({ ...rule, max: 0 }, ['ip:1']);
    for (let i = 0; i < 5; i++) await limiter.hit(rule, [null, undefined, '']);
  });

  it('refund gives a counted attempt back, and leaves an expired counter alone', async () => {
    let now = 1_000_000;
    const bus = new MemoryBus(() => now);
    const limiter = new RateLimiter(bus);
    for (let i = 0; i < 5; i++) {
      await limiter.hit(rule, ['ip:1']);
      await limiter.refund(rule, ['ip:1']);
    }
    await limiter.hit(rule, ['ip:1']);
    await limiter.hit(rule, ['ip:1']);
    await expect(limiter.hit(rule, ['ip:1'])).rejects.toBeInstanceOf(RateLimitError);
    now += 60_001;
    await limiter.refund(rule, ['ip:1']);
    expect(await bus.get('rate:logins:ip:1')).toBeNull();
  });
});
