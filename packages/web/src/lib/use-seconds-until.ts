import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from './seconds-left';

/** A quarter of a second: the shown number changes within 250 ms of the true second. */
const TICK_MS = 250;

/**
 * The whole seconds left until `deadline`, re-rendered as they fall, and `onDue` called once
 * when they reach zero. A null deadline means no countdown runs. Every visible countdown (a
 * rate-limit retry, a voice auto-send, a redirect after sign-in) ticks through this hook, so
 * they all count the same way: from a fixed end time, which a slow tab cannot stretch.
 */
export function useSecondsUntil(deadline: number | null, onDue?: () => void): number {
  // Only a trigger to render again: the seconds are read from the clock while rendering, so a
  // new deadline never shows a number computed from an older moment.
  const [, setTick] = useState(0);
  // The latest callback, read when the countdown ends: a new callback identity from a
  // re-render must not restart the countdown.
  const due = useRef(onDue);
  due.current = onDue;

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      setTick((tick) => tick + 1);
      if (secondsLeft(deadline, Date.now()) === 0) {
        window.clearInterval(timer);
        due.current?.();
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return deadline === null ? 0 : secondsLeft(deadline, Date.now());
}
