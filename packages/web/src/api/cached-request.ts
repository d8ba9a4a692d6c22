import { useEffect, useSyncExternalStore } from 'react';
import { isApiError } from './api-error';

/** Pauses before the second and third attempt of a request that failed on the network or the server. */
export const REQUEST_RETRY_DELAYS_MS = [1000, 2000] as const;

export interface RequestState<T> {
  data: T | undefined;
  isError: boolean;
}

/**
 * One answer fetched once and shared by every reader, for the few requests both apps make (the
 * startup configuration, the banner): the signed-out pages run without React Query, so these
 * live outside it and the signed-in app reads the same answer instead of asking again. A server
 * or network failure is tried twice more; a 4xx is an answer and is not. After a final failure
 * the next `load()` asks again.
 */
export class CachedRequest<T> {
  private state: RequestState<T> = { data: undefined, isError: false };
  private pending: Promise<T> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly fetcher: () => Promise<T>,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): RequestState<T> => this.state;

  load(): Promise<T> {
    this.pending ??= this.fetchWithRetries().then(
      (data) => {
        this.set({ data, isError: false });
        return data;
      },
      (error: unknown) => {
        this.pending = null;
        this.set({ data: this.state.data, isError: true });
        throw error;
      },
    );
    return this.pending;
  }

  private async fetchWithRetries(): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.fetcher();
      } catch (error) {
        const delay = REQUEST_RETRY_DELAYS_MS[attempt];
        const answered = isApiError(error) && error.status >= 400 && error.status < 500;
        if (delay === undefined || answered) throw error;
        await this.sleep(delay);
      }
    }
  }

  private set(state: RequestState<T>): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Reads a cached request from React, starting it once `enabled`. */
export function useCachedRequest<T>(request: CachedRequest<T>, enabled: boolean): RequestState<T> {
  useEffect(() => {
    if (enabled) request.load().catch(() => undefined);
  }, [request, enabled]);
  return useSyncExternalStore(request.subscribe, request.getState);
}
