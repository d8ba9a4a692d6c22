import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts, type ToastSeverity } from './toast-store';

const ICONS: Record<ToastSeverity, typeof Info> = {
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: CircleAlert,
};

const TONES: Record<ToastSeverity, string> = {
  success: 'text-success',
  info: 'text-accent',
  warning: 'text-amber-500',
  error: 'text-danger',
};

/** Renders the single visible toast and removes it when its time is up. */
export function Toaster() {
  const { t } = useTranslation();
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
        <div
          key={toast.id}
          data-testid="toast"
          data-severity={toast.severity}
          className="animate-toast-in pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm shadow-lg shadow-black/10"
        >
          <ToastIcon severity={toast.severity} />
          <div className="min-w-0 flex-1 leading-5">
            {toast.messages.length === 1 ? (
              <p>{toast.messages[0]}</p>
            ) : (
              <ul className="list-disc space-y-0.5 ps-4">
                {toast.messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="-m-1 rounded-md p-1 text-fg-subtle hover:bg-surface-muted hover:text-fg"
            aria-label={t('com_ui_close')}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}

function ToastIcon({ severity }: { severity: ToastSeverity }) {
  const Icon = ICONS[severity];
  return <Icon className={clsx('mt-0.5 size-4 shrink-0', TONES[severity])} aria-hidden />;
}
