/** Pauses before the second and third attempt at loading a code chunk that failed to arrive. */
export const CHUNK_RETRY_DELAYS_MS = [500, 1500] as const;

/** What a retry looks at; the browser's by default, fakes in tests. */
export interface RetryEnvironment {
  sleep(ms: number): Promise<void>;
  isOnline(): boolean;
}

const browser: RetryEnvironment = {
  sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  isOnline: () => navigator.onLine !== false,
};

/**
 * Loads a lazily imported chunk, trying again after short pauses when the network drops it. While
 * the browser says it is offline another try would only fail again, so the failure is handed on
 * at once and the caller shows its local "could not load" state, which tries again on reconnect.
 */
export async function retryImport<T>(load: () => Promise<T>, env: RetryEnvironment = browser): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = CHUNK_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !env.isOnline()) throw error;
      await env.sleep(delay);
    }
  }
}
