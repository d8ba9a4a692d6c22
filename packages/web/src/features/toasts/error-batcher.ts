/**
 * Error toasts are debounced: errors reported within the window are collected and shown
 * together, once, after the window has passed quietly. Timers are injectable for unit tests.
 */
export const ERROR_DEBOUNCE_MS = 250;

export interface ErrorBatcher {
  add(message: string): void;
}

export function createErrorBatcher(
  flush: (messages: string[]) => void,
  delayMs = ERROR_DEBOUNCE_MS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): ErrorBatcher {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add(message) {
      if (!pending.includes(message)) pending.push(message);
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => {
        timer = undefined;
        const batch = pending;
        pending = [];
        flush(batch);
      }, delayMs);
    },
  };
}
