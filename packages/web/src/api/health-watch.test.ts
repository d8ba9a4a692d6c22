import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_IDLE_MS, HEALTH_INTERVAL_MS, watchHealth } from './health-watch';

/** A window stand-in: real event dispatch, fake timers. */
function fakeWindow(): Window {
  const events = new EventTarget();
  return Object.assign(events, {
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
  }) as unknown as Window;
}

describe('watchHealth', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks at once and every ten minutes', () => {
    const check = vi.fn();
    const stop = watchHealth(check, fakeWindow());
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HEALTH_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(HEALTH_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks again on the first interaction after five idle minutes, not on busy ones', () => {
    const check = vi.fn();
    const win = fakeWindow();
    let clock = 0;
    watchHealth(check, win, () => clock);
    clock = 60_000;
    win.dispatchEvent(new Event('pointerdown'));
    expect(check).toHaveBeenCalledTimes(1);
    clock += HEALTH_IDLE_MS - 1;
    win.dispatchEvent(new Event('keydown'));
    expect(check).toHaveBeenCalledTimes(1);
    clock += HEALTH_IDLE_MS;
    win.dispatchEvent(new Event('keydown'));
    expect(check).toHaveBeenCalledTimes(2);
    win.dispatchEvent(new Event('pointerdown'));
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks on focus only when the last check is ten minutes old', () => {
    const check = vi.fn();
    const win = fakeWindow();
    let clock = 0;
    watchHealth(check, win, () => clock);
    clock = HEALTH_INTERVAL_MS - 1;
    win.dispatchEvent(new Event('focus'));
    expect(check).toHaveBeenCalledTimes(1);
    clock = HEALTH_INTERVAL_MS;
    win.dispatchEvent(new Event('focus'));
    expect(check).toHaveBeenCalledTimes(2);
  });
});
