/** How long a lockout lasts, in the largest unit that keeps it a whole number or close. */
export interface LockoutWait {
  key: 'com_auth_wait_seconds' | 'com_auth_wait_minutes' | 'com_auth_wait_hours';
  count: number;
}

/**
 * The wait a refused sign-in names (the rate limit's and the ban's `retryAfter`, in seconds):
 * under a minute in seconds, under an hour in minutes (rounded up), else in hours.
 */
export function lockoutWait(body: unknown): LockoutWait | null {
  const seconds = (body as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return { key: 'com_auth_wait_seconds', count: Math.ceil(seconds) };
  if (seconds < 3600) return { key: 'com_auth_wait_minutes', count: Math.ceil(seconds / 60) };
  return { key: 'com_auth_wait_hours', count: Math.ceil(seconds / 3600) };
}

/** Login failure → message key. */
export function loginErrorKey(status: number | undefined): string {
  switch (status) {
    case 429:
      return 'com_auth_error_login_rl';
    case 403:
      return 'com_auth_error_login_ban';
    // 502: the directory (LDAP) could not be reached; the person's details may well be right.
    case 500:
    case 502:
      return 'com_auth_error_login_server';
    case 422:
      return 'com_auth_error_login_unverified';
    default:
      return 'com_auth_error_login';
  }
}
