import type { Banner, StartupConfig } from '@parley/schema';
import { useEffect } from 'react';
import { CachedRequest, useCachedRequest, type RequestState } from './cached-request';
import { userApi } from './user-api';
import { useAuth } from '../store/auth-store';
import { useStartupReady } from './startup-delay';
import { HEALTH_CHECK_INTERVAL_MS, createHealthChecker } from './health-check';

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
 * Health check: first after the startup delay, then every 10 minutes and on window focus when the
 * last is older. One schedule for the whole page (see health-check.ts): mounting the hook again
 * does not ask again.
 */
export function useHealthCheck(): void {
  const ready = useStartupReady();
  useEffect(() => {
    if (!ready) return;
    health.checkIfDue();
    const timer = window.setInterval(() => health.checkIfDue(), HEALTH_CHECK_INTERVAL_MS);
    const onFocus = () => health.checkIfDue();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [ready]);
}
