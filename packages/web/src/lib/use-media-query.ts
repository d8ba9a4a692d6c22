import { useCallback, useSyncExternalStore } from 'react';

/** Subscribes to a CSS media query. */
export function useMediaQuery(query: string): boolean {
  // A stable subscribe function: a new one each render makes React resubscribe every render.
  const subscribe = useCallback(
    (notify: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
