import { useEffect, useState } from 'react';
import { showAfterFirstFrame } from './shown-after-paint';

/**
 * False until `ms` have passed since the calling component was first painted, then true: for
 * content that must not flash when the state that shows it lasts only a moment (the unfinished
 * notice and the streaming placeholder wait 250 ms).
 */
export function useShownAfter(ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => showAfterFirstFrame(ms, () => setShown(true)), [ms]);
  return shown;
}
