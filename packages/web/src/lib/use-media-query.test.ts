import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaStore } from './use-media-query';

/** A matchMedia stand-in: one list per call, as the browser's gives. */
function fakeMatchMedia() {
  const lists: { query: string; matches: boolean; listeners: Set<() => void> }[] = [];
  const matchMedia = vi.fn((query: string) => {
    const list = { query, matches: query.includes('max-width'), listeners: new Set<() => void>() };
    lists.push(list);
    return {
      get matches() {
        return list.matches;
      },
      addEventListener: (_: string, fn: () => void) => list.listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => list.listeners.delete(fn),
    };
  });
  vi.stubGlobal('window', { matchMedia });
  return { matchMedia, lists };
}

afterEach(() => vi.unstubAllGlobals());

describe('mediaStore', () => {
  it('gives the same subscribe and snapshot functions for a query, so React never resubscribes', () => {
    const { matchMedia } = fakeMatchMedia();
    const a = mediaStore('(max-width: 767px) and (test: 1)');
    const b = mediaStore('(max-width: 767px) and (test: 1)');
    expect(b.subscribe).toBe(a.subscribe);
    expect(b.getSnapshot).toBe(a.getSnapshot);
    a.getSnapshot();
    a.getSnapshot();
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(mediaStore('(min-width: 1px) and (test: 2)').subscribe).not.toBe(a.subscribe);
  });

  it('reads the current match and notifies subscribers until they leave', () => {
    const { lists } = fakeMatchMedia();
    const store = mediaStore('(max-width: 500px) and (test: 3)');
    const list = lists.at(-1)!;
    expect(store.getSnapshot()).toBe(true);
    const notify = vi.fn();
    const unsubscribe = store.subscribe(notify);
    list.matches = false;
    for (const fn of list.listeners) fn();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(false);
    unsubscribe();
    expect(list.listeners.size).toBe(0);
  });
});
