import { useEffect, useState } from 'react';

/**
 * Keeps something shown for `ms` after `open` turns false, so it can fade out before it goes;
 * answers whether it is still to be rendered. Opening again during the fade keeps it.
 */
export function useExitDelay(open: boolean, ms: number): boolean {
  const [lingering, setLingering] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Adjusting state while rendering (not in an effect), so the closing frame already lingers.
    setWasOpen(open);
    setLingering(!open);
  }
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [lingering, ms]);
  return open || lingering;
}
