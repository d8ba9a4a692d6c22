import { create } from 'zustand';
import { createErrorBatcher } from './error-batcher';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  /** One line, or several (shown as a bullet list) when errors were batched. */
  messages: string[];
  durationMs: number;
}

/** One toast at a time, 3 s by default, errors 5 s. */
export const TOAST_DURATION_MS = 3000;
export const ERROR_TOAST_DURATION_MS = 5000;
/**
 * A toast shows this long after it is asked for, so one that follows an action lands after the
 * change it reports has been drawn (errors wait for their own 250 ms batch instead).
 */
export const TOAST_SHOW_DELAY_MS = 100;
const MAX_WAITING = 3;

interface ToastState {
  current: Toast | null;
  waiting: Toast[];
  push: (toast: Omit<Toast, 'id'>) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  current: null,
  waiting: [],
  push: (toast) => {
    const entry = { ...toast, id: nextId++ };
    if (get().current === null) set({ current: entry });
    else set((s) => ({ waiting: [...s.waiting, entry].slice(-MAX_WAITING) }));
  },
  dismiss: (id) => {
    if (get().current?.id !== id) return;
    const [next = null, ...rest] = get().waiting;
    set({ current: next, waiting: rest });
  },
}));

const errors = createErrorBatcher((messages) =>
  useToasts.getState().push({ severity: 'error', messages, durationMs: ERROR_TOAST_DURATION_MS }),
);

/** Shows a toast 100 ms later; errors go through the 250 ms debounce and are merged. */
export function showToast(message: string, severity: ToastSeverity = 'success', durationMs?: number): void {
  if (severity === 'error') {
    errors.add(message);
    return;
  }
  const toast = { severity, messages: [message], durationMs: durationMs ?? TOAST_DURATION_MS };
  setTimeout(() => useToasts.getState().push(toast), TOAST_SHOW_DELAY_MS);
}
