/**
 * Keeps at most one session refresh in flight: every caller that needs a new token while
 * a refresh is running waits for that same refresh instead of starting its own. Pure: the refresh
 * itself is injected, so this is unit-tested without a network.
 */
export interface RefreshQueue {
  /** Starts a refresh, or joins the one already running. Resolves to the new token or null. */
  refresh(): Promise<string | null>;
  /** True while a refresh is in flight. */
  readonly pending: boolean;
}

export function createRefreshQueue(doRefresh: () => Promise<string | null>): RefreshQueue {
  let inFlight: Promise<string | null> | null = null;
  return {
    refresh() {
      if (inFlight) return inFlight;
      inFlight = doRefresh()
        .catch(() => null)
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    get pending() {
      return inFlight !== null;
    },
  };
}

/** Paths that never trigger a refresh-and-retry: the auth routes themselves (login, refresh, 2fa, logout…). */
export function skipsRefresh(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return pathname.startsWith('/api/auth/');
}
