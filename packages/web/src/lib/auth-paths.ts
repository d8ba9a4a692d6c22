/**
 * The signed-out pages. A page load at one of these starts the small signed-out app (no router,
 * no React Query); every other path starts the signed-in app. Matched as react-router matched
 * them: letter case ignored, one trailing slash allowed.
 */
export const AUTH_PATHS = [
  '/login',
  '/login/2fa',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify',
  '/oauth/success',
  '/oauth/error',
  '/setup',
] as const;

export type AuthPath = (typeof AUTH_PATHS)[number];

/** The signed-out page a path shows, or null when the path belongs to the signed-in app. */
export function authPathOf(pathname: string): AuthPath | null {
  const normal = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return AUTH_PATHS.find((path) => path === normal) ?? null;
}
