import type { User } from '@parley/schema';
import { createStore, useStore } from 'zustand';

export type SessionStatus = 'pending' | 'authenticated' | 'unauthenticated';

interface AuthState {
  /** The access token: kept in memory only, never in storage. */
  token: string | null;
  user: User | null;
  status: SessionStatus;
  /**
   * This page has learned that the instance has an account (a session began, or the setup page
   * found setup closed). The startup configuration is fetched once per page, so its
   * `setupRequired` is stale after the first account is made by registering: without this,
   * /login and /setup would send a signed-out visitor back and forth.
   */
  instanceHasAccount: boolean;
}

/** Vanilla store so the API client (outside React) can read and replace the token. */
export const authStore = createStore<AuthState>(() => ({
  token: null,
  user: null,
  status: 'pending',
  instanceHasAccount: false,
}));

export function setSession(token: string, user: User | null): void {
  authStore.setState((s) => ({
    token,
    user: user ?? s.user,
    status: 'authenticated',
    instanceHasAccount: true,
  }));
}

/** See `instanceHasAccount`. */
export function noteInstanceHasAccount(): void {
  authStore.setState({ instanceHasAccount: true });
}

export function setUser(user: User): void {
  authStore.setState({ user });
}

export function clearSession(): void {
  authStore.setState({ token: null, user: null, status: 'unauthenticated' });
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
