import { useEffect, useRef, useState } from 'react';

/** Redirect countdowns are 3 s. */
export const COUNTDOWN_SECONDS = 3;

/**
 * Counts down once per second while `running`; calls onDone at zero. `restart()` starts a new
 * countdown (used when a verification e-mail is resent).
 */
export function useCountdown(running: boolean, onDone?: () => void, seconds = COUNTDOWN_SECONDS) {
  const [remaining, setRemaining] = useState(seconds);
  const [round, setRound] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!running) return;
    setRemaining(seconds);
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        done.current?.();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [running, seconds, round]);

  return { remaining, restart: () => setRound((r) => r + 1) };
}
