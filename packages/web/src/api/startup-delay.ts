import { useEffect, useState } from 'react';

/** Startup queries (configuration, banner, health) are enabled 500 ms after the app starts, once, not after each page. */
export const STARTUP_QUERY_DELAY_MS = 500;
const startedAt = performance.now();

export function useStartupReady(): boolean {
  const remaining = () => STARTUP_QUERY_DELAY_MS - (performance.now() - startedAt);
  const [ready, setReady] = useState(() => remaining() <= 0);
  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setReady(true), Math.max(0, remaining()));
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready;
}
