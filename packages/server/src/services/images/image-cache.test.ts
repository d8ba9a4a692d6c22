import { describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache.ts';

const image = (size: number) => ({ type: 'image/png', bytes: Buffer.alloc(size) });

describe('ImageCache', () => {
  it('drops the least recently used pictures once over its byte limit', () => {
    const cache = new ImageCache({ maxBytes: 100, ttlMs: 60_000 });
    cache.set('a', image(40));
    cache.set('b', image(40));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', image(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(80);
  });

  it('forgets a picture after its time', () => {
    let now = 0;
    const cache = new ImageCache({ maxBytes: 100, ttlMs: 1000, now: () => now });
    cache.set('a', image(10));
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a picture larger than the whole cache', () => {
    const cache = new ImageCache({ maxBytes: 10, ttlMs: 1000 });
    cache.set('small', image(5));
    cache.set('big', image(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });
});
