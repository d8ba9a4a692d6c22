import { describe, expect, it } from 'vitest';
import { ShortLivedCache } from './short-lived-cache.ts';

describe('ShortLivedCache', () => {
  it('shares one load between callers until the answer expires', async () => {
    const cache = new ShortLivedCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1_000)).toBe(2);
  });

  it('runs a thenable load once however often its answer is awaited', async () => {
    // Like a query builder: each `then` runs the statement again.
    let runs = 0;
    const thenable: PromiseLike<number> = {
      then: (onFulfilled, onRejected) => Promise.resolve(++runs).then(onFulfilled, onRejected),
    };
    const cache = new ShortLivedCache<number>(1_000);
    await cache.get('k', () => thenable, 0);
    await cache.get('k', () => thenable, 1);
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new ShortLivedCache<number>(1_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7, 1)).toBe(7);
  });

  it('forgets one key, a prefix of keys, or everything', async () => {
    const cache = new ShortLivedCache<string>(60_000);
    let n = 0;
    const load = async () => `v${++n}`;
    await cache.get('u1:a', load, 0);
    await cache.get('u1:b', load, 0);
    await cache.get('u2:a', load, 0);
    cache.forgetPrefix('u1:');
    expect(await cache.get('u1:a', load, 1)).toBe('v4');
    expect(await cache.get('u2:a', load, 1)).toBe('v3');
    cache.forget('u2:a');
    expect(await cache.get('u2:a', load, 1)).toBe('v5');
    cache.clear();
    expect(await cache.get('u1:a', load, 1)).toBe('v6');
  });

  it('empties itself rather than grow past its bound', async () => {
    const cache = new ShortLivedCache<number>(60_000, 2);
    let n = 0;
    const load = async () => ++n;
    await cache.get('a', load, 0);
    await cache.get('b', load, 0);
    await cache.get('c', load, 0); // clears a and b
    expect(await cache.get('a', load, 1)).toBe(4);
  });
});
