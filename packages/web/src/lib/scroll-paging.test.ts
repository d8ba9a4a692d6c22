import { afterEach, describe, expect, it, vi } from 'vitest';
import { endWithinViewports, scrolledPast, throttle } from './scroll-paging';

describe('endWithinViewports', () => {
  it('is true once the end is at most 1.5 view heights below the view', () => {
    // 400 px view: the end may be up to 600 px below it.
    expect(endWithinViewports({ scrollTop: 0, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
    expect(endWithinViewports({ scrollTop: 0, clientHeight: 400, scrollHeight: 1001 })).toBe(false);
    expect(endWithinViewports({ scrollTop: 1, clientHeight: 400, scrollHeight: 1001 })).toBe(true);
  });

  it('is true for content shorter than the view, so a short first page loads the next', () => {
    expect(endWithinViewports({ scrollTop: 0, clientHeight: 400, scrollHeight: 200 })).toBe(true);
  });
});

describe('scrolledPast', () => {
  it('is true from 97 % of the height scrolled', () => {
    expect(scrolledPast({ scrollTop: 569, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(scrolledPast({ scrollTop: 570, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('is true when nothing can be scrolled', () => {
    expect(scrolledPast({ scrollTop: 0, clientHeight: 400, scrollHeight: 400 })).toBe(true);
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then folds calls within the window into one at its end', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 750);
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    t.run();
    t.run();
    vi.advanceTimersByTime(749);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('cancel drops a pending call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 750);
    t.run();
    t.run();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
