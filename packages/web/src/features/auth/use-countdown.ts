import { useEffect, useState } from 'react';
import { useSecondsUntil } from '../../lib/use-seconds-until';

/** Redirect countdowns are 3 s. */
export const COUNTDOWN_SECONDS = 3;

/**
 * Counts down `seconds` while `running`; calls onDone at zero. `restart()` starts a new
 * countdown (used when a verification e-mail is resent).
 */
export function useCountdown(running: boolean, onDone?: () => void, seconds = COUNTDOWN_SECONDS) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    setDeadline(running ? Date.now() + seconds * 1000 : null);
  }, [running, seconds, round]);

  const left = useSecondsUntil(deadline, onDone);
  return { remaining: deadline === null ? seconds : left, restart: () => setRound((r) => r + 1) };
}
