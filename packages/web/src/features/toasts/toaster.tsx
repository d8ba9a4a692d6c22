import { Suspense, useEffect } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';
import { useToasts, type Toast } from './toast-store';

// The card (and its icons) loads with the first toast, keeping it off the first page. If it cannot
// arrive (offline), the message still shows as plain text.
const card = lazyArea<{ toast: Toast; onDismiss: () => void }>(
  () => import('./toast-card'),
  (_retry, { toast }) => (
    <div className="pointer-events-auto rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm text-fg shadow-lg">
      {toast.messages.join(' · ')}
    </div>
  ),
);

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
          <card.Area key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        </Suspense>
      )}
    </div>
  );
}
