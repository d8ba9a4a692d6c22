import type { Banner, StartupConfig } from '@parley/schema';
import { useEffect } from 'react';
import { CachedRequest, useCachedRequest, type RequestState } from './cached-request';
import { watchHealth } from './health-watch';
import { userApi } from './user-api';
import { useAuth } from '../store/auth-store';
import { useStartupReady } from './startup-delay';
import { createHealthChecker } from './health-check';

// Plain cached requests, not React Query: the signed-out pages run without it (see
// docs/architecture.md, "Page weight in the browser"), and both apps share one answer.
const startupConfig = new CachedRequest<StartupConfig>(userApi.config);
const banners = {
  signedIn: new CachedRequest<Banner | null>(userApi.banner),
  signedOut: new CachedRequest<Banner | null>(userApi.banner),
};

/** GET /api/config: fetched once, after the startup delay, and never again: the configuration does not change while the page lives. */
export function useStartupConfig(): RequestState<StartupConfig> {
  return useCachedRequest(startupConfig, useStartupReady());
}

/** The active banner, asked again once the session is known (public and signed-in banners differ). */
export function useBanner(): RequestState<Banner | null> {
  const ready = useStartupReady();
  const status = useAuth((s) => s.status);
  const request = status === 'authenticated' ? banners.signedIn : banners.signedOut;
  return useCachedRequest(request, ready && status !== 'pending');
}

const health = createHealthChecker();

/**
 * Health check: first after the startup delay, then as `watchHealth` says (every 10 minutes, on
 * focus when the last is older, on the first action after 5 idle minutes). One checker for the
 * whole page (health-check.ts): mounting the hook again does not ask again at once. A failure is
 * only logged, never shown.
 */
export function useHealthCheck(): void {
  const ready = useStartupReady();
  useEffect(() => {
    if (!ready) return;
    return watchHealth(health.check, window, Date.now, () => void health.checkIfDue());
  }, [ready]);
}
