import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Toast, ToastSeverity } from './toast-store';

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

/** One toast: icon, a line or a bullet list of batched errors, and a close button. */
export default function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[toast.severity];
  return (
    <div
      data-testid="toast"
      data-severity={toast.severity}
      className="animate-toast-in pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm shadow-lg shadow-black/10"
    >
      <Icon className={clsx('mt-0.5 size-4 shrink-0', TONES[toast.severity])} aria-hidden />
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
        onClick={onDismiss}
        className="-m-1 rounded-md p-1 text-fg-subtle hover:bg-surface-muted hover:text-fg"
        aria-label={t('com_app_close')}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
