import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startTestRedis, type TestRedis } from '../../test/helpers/redis-server.ts';
import type { Bus } from './bus.ts';
import { MemoryBus } from './memory-bus.ts';
import { RedisBus } from './redis-bus.ts';

/** The same behaviour is required of every Bus implementation. */
function contract(name: string, make: () => Promise<{ a: Bus; b: Bus; done: () => Promise<void> }>) {
  describe(`Bus contract: ${name}`, () => {
    let a: Bus;
    let b: Bus;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, done } = await make());
    });
    afterAll(() => done());

    it('delivers a message published on one handle to subscribers on the other, in order', async () => {
      const got: string[] = [];
      const off = await b.subscribe('ch', (m) => got.push(m));
      for (let i = 0; i < 20; i++) await a.publish('ch', String(i));
      await waitFor(() => got.length === 20);
      expect(got).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
      await off();
      await a.publish('ch', 'late');
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toHaveLength(20);
    });

    it('shares counters with expiry', async () => {
      const key = `count-${Math.random()}`;
      expect(await a.incr(key, 200)).toBe(1);
      expect(await b.incr(key, 200)).toBe(2);
      expect(await a.ttl(key)).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 260));
      expect(await b.incr(key, 200)).toBe(1);
    });

    it('adds a weight to a counter; the expiry starts with the first increment', async () => {
      const key = `weighted-${Math.random()}`;
      expect(await a.incr(key, 200, 5)).toBe(5);
      expect(await b.incr(key, 200, 3)).toBe(8);
      expect(await a.ttl(key)).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 260));
      expect(await b.incr(key, 200, 2)).toBe(2);
    });

    it('takes a count back with a negative weight, keeping the first increment’s expiry', async () => {
      // How a rate limit gives back an attempt that proved right (RateLimiter.refund), on any instance.
      const key = `refund-${Math.random()}`;
      expect(await a.incr(key, 200)).toBe(1);
      expect(await a.incr(key, 200)).toBe(2);
      await new Promise((r) => setTimeout(r, 100));
      expect(await b.incr(key, 200, -1)).toBe(1);
      expect(await a.ttl(key)).toBeLessThanOrEqual(100);
      await new Promise((r) => setTimeout(r, 160));
      expect(await b.incr(key, 200)).toBe(1);
    });

    it('shares keys, set-if-absent and lists', async () => {
      const key = `k-${Math.random()}`;
      expect(await a.setIfAbsent(key, 'one', 1000)).toBe(true);
      expect(await b.setIfAbsent(key, 'two', 1000)).toBe(false);
      expect(await b.get(key)).toBe('one');
      await b.del(key);
      expect(await a.get(key)).toBeNull();
      const list = `l-${Math.random()}`;
      expect(await a.append(list, 'x', 1000)).toBe(1);
      expect(await b.append(list, 'y', 1000)).toBe(2);
      expect(await a.range(list, 0)).toEqual(['x', 'y']);
      expect(await b.range(list, 1)).toEqual(['y']);
      expect(await a.ttl('missing-key')).toBe(0);
    });

    it("renews a lease its holder keeps, takes a lapsed one again, and never takes another holder's", async () => {
      const key = `lease-${Math.random()}`;
      expect(await a.setIfAbsent(key, 'one', 200)).toBe(true);
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 100));
        expect(await a.renew(key, 'one', 200)).toBe(true);
      }
      // 400 ms after it was taken with a 200 ms lifetime, the renewed lease still holds.
      expect(await b.get(key)).toBe('one');
      expect(await b.renew(key, 'two', 200)).toBe(false);
      expect(await b.get(key)).toBe('one');
      await new Promise((r) => setTimeout(r, 260));
      expect(await b.get(key)).toBeNull();
      expect(await a.renew(key, 'one', 200)).toBe(true);
      expect(await b.get(key)).toBe('one');
      expect(await b.ttl(key)).toBeGreaterThan(0);
    });

    it('shares sets', async () => {
      const key = `s-${Math.random()}`;
      await a.addMember(key, 'x');
      await b.addMember(key, 'y');
      await b.addMember(key, 'x');
      expect((await b.members(key)).sort()).toEqual(['x', 'y']);
      await b.removeMember(key, 'x');
      expect(await a.members(key)).toEqual(['y']);
      await a.removeMember(key, 'y');
      await a.removeMember(key, 'missing');
      expect(await b.members(key)).toEqual([]);
    });
  });
}

async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

contract('in-process', async () => {
  const bus = new MemoryBus();
  return { a: bus, b: bus, done: () => bus.close() };
});

if (redisAvailable()) {
  let redis: TestRedis;
  contract('redis (two connections, as two instances)', async () => {
    redis = await startTestRedis();
    const a = new RedisBus(redis.url);
    const b = new RedisBus(redis.url);
    return {
      a,
      b,
      done: async () => {
        await a.close();
        await b.close();
        await redis.stop();
      },
    };
  });
}
