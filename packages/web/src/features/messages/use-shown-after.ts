import { useEffect, useState } from 'react';

/**
 * False until `ms` have passed since the calling component mounted, then true: for content that
 * must not flash when the state that shows it lasts only a moment (001 §4: the unfinished notice
 * and the streaming placeholder wait 250 ms).
 */
export function useShownAfter(ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return shown;
}
