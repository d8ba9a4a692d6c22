import { useSyncExternalStore } from 'react';

export interface MediaStore {
  subscribe: (notify: () => void) => () => void;
  getSnapshot: () => boolean;
}

/**
 * One store per query for the whole app: `subscribe` keeps its identity across renders (a new
 * function each render makes React unsubscribe and subscribe again on every render), and the
 * MediaQueryList is created once instead of on every snapshot read.
 */
const stores = new Map<string, MediaStore>();

export function mediaStore(query: string): MediaStore {
  let store = stores.get(query);
  if (!store) {
    const media = window.matchMedia(query);
    store = {
      subscribe: (notify) => {
        media.addEventListener('change', notify);
        return () => media.removeEventListener('change', notify);
      },
      getSnapshot: () => media.matches,
    };
    stores.set(query, store);
  }
  return store;
}

const serverSnapshot = () => false;

/** Subscribes to a CSS media query. */
export function useMediaQuery(query: string): boolean {
  const store = mediaStore(query);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
}
