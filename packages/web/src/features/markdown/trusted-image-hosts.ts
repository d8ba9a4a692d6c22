import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { authStore } from '../../store/auth-store';

/**
 * Hosts whose pictures a reader chose to load always ("Always load from …" on a remote picture's
 * placeholder), kept in this browser's localStorage per user id (`anonymous` on a share page
 * viewed signed out). In the browser rather than the account: the list is a trace of what the
 * reader looked at, and it never needs to leave the device; and it needs no server table.
 */
const keyOf = (userId: string | undefined) => `parley:trusted-image-hosts:${userId ?? 'anonymous'}`;

const listeners = new Set<() => void>();
/** The list read from storage, by key: the same array until it changes (useSyncExternalStore). */
const snapshots = new Map<string, readonly string[]>();

function currentKey(): string {
  return keyOf(authStore.getState().user?.id);
}

function hostsOf(key: string): readonly string[] {
  let hosts = snapshots.get(key);
  if (!hosts) {
    const stored = readLocal<unknown>(key, []);
    hosts = Array.isArray(stored) ? stored.filter((h): h is string => typeof h === 'string') : [];
    snapshots.set(key, hosts);
  }
  return hosts;
}

/** Remembers a host as trusted for the signed-in reader; every placeholder of that host loads. */
export function trustImageHost(host: string): void {
  const key = currentKey();
  const hosts = hostsOf(key);
  if (hosts.includes(host)) return;
  const next = [...hosts, host];
  snapshots.set(key, next);
  writeLocal(key, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeAuth = authStore.subscribe(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeAuth();
  };
}

/** True when the reader chose to load this host's pictures always. */
export function useTrustedImageHost(host: string): boolean {
  return useSyncExternalStore(subscribe, () => hostsOf(currentKey()).includes(host));
}
