/**
 * The browser's address as a store, for the parts of the app that run without react-router (the
 * signed-out pages and the switch between the two apps). Navigating here writes the history with
 * `pushState`/`replaceState` and tells every listener; the back and forward buttons arrive as
 * `popstate`. react-router's own navigations do not pass through here, so the signed-in app calls
 * `syncBrowserLocation()` after each of them.
 */
export interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: BrowserLocation | null = null;

function read(): BrowserLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** The address as last seen; the same object until it changes, as useSyncExternalStore needs. */
export function getBrowserLocation(): BrowserLocation {
  current ??= read();
  return current;
}

/** Re-reads the address (after a history change made elsewhere) and tells the listeners if it moved. */
export function syncBrowserLocation(): void {
  const next = read();
  const before = current;
  if (
    before &&
    before.pathname === next.pathname &&
    before.search === next.search &&
    before.hash === next.hash
  ) {
    return;
  }
  current = next;
  for (const listener of [...listeners]) listener();
}

function onPopState(): void {
  syncBrowserLocation();
}

export function subscribeBrowserLocation(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', onPopState);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
  };
}

/**
 * Goes to a same-origin path (with its query and hash), adding a history entry or, with
 * `replace`, replacing the current one. Anything that is not a path starting with one `/` is
 * refused, so a value taken from the address bar cannot send the person to another site.
 */
export function navigateBrowser(to: string, options: { replace?: boolean } = {}): void {
  if (!to.startsWith('/') || to.startsWith('//')) throw new Error(`Not a same-origin path: ${to}`);
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  syncBrowserLocation();
}
