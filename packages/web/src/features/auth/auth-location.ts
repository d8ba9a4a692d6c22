import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  getBrowserLocation,
  navigateBrowser,
  subscribeBrowserLocation,
  type BrowserLocation,
} from '../../lib/browser-location';

/**
 * Navigation for the signed-out pages, which run without react-router (it would double the
 * weight of /login): the address comes from the browser-location store, and going to a page of
 * the signed-in app hands over to it in the same document (the access token stays in memory).
 */
export function useAuthLocation(): BrowserLocation {
  return useSyncExternalStore(subscribeBrowserLocation, getBrowserLocation);
}

/** The query of the current address, the same object until it changes. */
export function useAuthSearchParams(): URLSearchParams {
  const { search } = useAuthLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export type AuthNavigate = (to: string, options?: { replace?: boolean }) => void;

export function useAuthNavigate(): AuthNavigate {
  return useCallback<AuthNavigate>((to, options) => navigateBrowser(to, options), []);
}
