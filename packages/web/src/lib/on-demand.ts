import { retryImport } from './retry-import';

/** Code that loads on first use: what has loaded so far, and a way to start (or join) the load. */
export interface OnDemand<T> {
  /** The loaded value, or null until the load has finished. */
  loaded(): T | null;
  /** Starts the load unless it is done or on its way; a failed load is forgotten, so the next call tries again. */
  load(): Promise<T>;
}

/**
 * One lazily imported piece of code shared by every component that needs it (the Radix dialog,
 * popover and menu): the chunk is fetched once, with retryImport's retries, and read synchronously
 * once it has arrived.
 */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    loaded: () => value,
    load() {
      loading ??= retryImport(importer).then(
        (loadedValue) => (value = loadedValue),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}
