import { useCallback, useState } from 'react';

/**
 * The human check's state on a sign-in or registration form: the widget's current answer, and a
 * round that moves on each time an attempt spends the answer without succeeding. The provider
 * accepts an answer once, so a failed attempt (a wrong password, a taken address) must get a new
 * one before the next try: the widget resets when the round changes.
 */
export function useHumanCheck() {
  const [token, setToken] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const spent = useCallback(() => {
    setToken(null);
    setRound((r) => r + 1);
  }, []);
  return { token, setToken, round, spent };
}
