/** How often the health check runs while the page is open (and on focus once this has passed). */
export const HEALTH_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * GET /health, shared by every part of the page that wants it: the signed-out and the signed-in
 * app each mount the check, and a page moving from one to the other (or mounting twice) must
 * not ask again before the interval has passed. A failure is only logged, never shown.
 */
export function createHealthChecker(
  fetchHealth: () => Promise<Response> = () => fetch('/health'),
  now: () => number = Date.now,
) {
  let lastAt: number | null = null;
  /** Checks now, whenever the last one ran. */
  const check = (): void => {
    lastAt = now();
    void fetchHealth().then(
      (res) => {
        if (!res.ok) console.warn(`Health check failed with status ${res.status}`);
      },
      (error: unknown) => console.warn('Health check failed', error),
    );
  };
  return {
    check,
    /** Checks when none ran in the last interval; answers whether it did. */
    checkIfDue(): boolean {
      if (lastAt !== null && now() - lastAt < HEALTH_CHECK_INTERVAL_MS) return false;
      check();
      return true;
    },
  };
}
