import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from './toast-store';

// The card (and its icons) loads with the first toast, keeping it off the first page.
const ToastCard = lazy(() => import('./toast-card'));

/** Renders the single visible toast and removes it when its time is up. */
export function Toaster() {
  const toast = useToasts((s) => s.current);
  const dismiss = useToasts((s) => s.dismiss);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast, dismiss]);

  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
      aria-live={toast?.severity === 'error' ? 'assertive' : 'polite'}
      role="status"
    >
      {toast && (
        <Suspense fallback={null}>
          <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        </Suspense>
      )}
    </div>
  );
}
