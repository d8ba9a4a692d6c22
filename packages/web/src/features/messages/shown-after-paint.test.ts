import { describe, expect, it } from 'vitest';
import { showAfterFirstFrame, type FrameClock } from './shown-after-paint';

/** A hand-driven clock: frames run when `paint` is called, timers when `advance` passes them. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: FrameClock = {
    requestFrame: (callback) => {
      frames.set(nextId, callback);
      return nextId++;
    },
    cancelFrame: (id) => void frames.delete(id),
    setTimer: (callback, ms) => {
      timers.set(nextId, { at: now + ms, callback });
      return nextId++;
    },
    clearTimer: (id) => void timers.delete(id),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.callback();
      }
    }
  };
  const paint = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback();
  };
  return { clock, advance, paint };
}

describe('showAfterFirstFrame', () => {
  it('counts the wait from the first frame, not from the call', () => {
    const { clock, advance, paint } = manualClock();
    let shown = false;
    showAfterFirstFrame(250, () => (shown = true), clock);
    // A long render task: 200 ms pass before the browser gets to paint.
    advance(200);
    paint();
    advance(249);
    expect(shown).toBe(false);
    advance(1);
    expect(shown).toBe(true);
  });

  it('never shows once cancelled, before or after the frame', () => {
    const early = manualClock();
    let shownEarly = false;
    showAfterFirstFrame(250, () => (shownEarly = true), early.clock)();
    early.paint();
    early.advance(1_000);
    expect(shownEarly).toBe(false);

    const late = manualClock();
    let shownLate = false;
    const cancel = showAfterFirstFrame(250, () => (shownLate = true), late.clock);
    late.paint();
    late.advance(100);
    cancel();
    late.advance(1_000);
    expect(shownLate).toBe(false);
  });
});
