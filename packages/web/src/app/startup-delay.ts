import { useEffect, useState } from 'react';

/** Startup queries are enabled 500 ms after the app starts (000 §4, §9), not after each page. */
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
