import { useQuery } from '@tanstack/react-query';
import { userApi } from './user-api';
import { useAuth } from '../store/auth-store';
import { useStartupReady } from './startup-delay';

export const startupKeys = {
  config: ['startupConfig'] as const,
  banner: (signedIn: boolean) => ['banner', signedIn] as const,
  health: ['health'] as const,
};

const TEN_MINUTES = 10 * 60 * 1000;

/** GET /api/config: fetched once, after the startup delay, and never refetched: the configuration does not change while the page lives. */
export function useStartupConfig() {
  const ready = useStartupReady();
  return useQuery({
    queryKey: startupKeys.config,
    queryFn: userApi.config,
    enabled: ready,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The active banner, asked again once the session is known (public and signed-in banners differ). */
export function useBanner() {
  const ready = useStartupReady();
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: startupKeys.banner(status === 'authenticated'),
    queryFn: userApi.banner,
    enabled: ready && status !== 'pending',
    staleTime: 5 * 60 * 1000,
  });
}

/** Health check: first after 500 ms, then every 10 minutes and on window focus; a failure is only logged, never shown. */
export function useHealthCheck() {
  const ready = useStartupReady();
  return useQuery({
    queryKey: startupKeys.health,
    queryFn: async () => {
      try {
        const res = await fetch('/health');
        if (res.ok) return true;
        console.warn(`Health check failed with status ${res.status}`);
      } catch (error) {
        console.warn('Health check failed', error);
      }
      return false;
    },
    enabled: ready,
    retry: false,
    staleTime: TEN_MINUTES,
    refetchInterval: TEN_MINUTES,
    refetchOnWindowFocus: true,
  });
}
