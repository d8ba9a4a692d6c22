import { useEffect, useState } from 'react';
import { showAfterFirstFrame } from './shown-after-paint';

/**
 * False until `ms` have passed since the calling component was first painted, then true: for
 * content that must not flash when the state that shows it lasts only a moment (the unfinished
 * notice and the placeholder of an answer saved unfinished wait 250 ms); 0 shows it at once.
 */
export function useShownAfter(ms: number): boolean {
  // No wait at all shows it in the very frame the component first appears in.
  const [shown, setShown] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return setShown(true);
    return showAfterFirstFrame(ms, () => setShown(true));
  }, [ms]);
  return shown;
}
