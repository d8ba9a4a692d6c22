import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CONNECTION_ERROR_TEXT, errorDisplay } from '../chat-run';

/** An error answer, worded by the error catalogue; `onRetry` adds a Retry button. */
export function ErrorView({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const shown =
    text === CONNECTION_ERROR_TEXT
      ? t('com_error_connection')
      : (() => {
          const d = errorDisplay(text);
          return t(d.key, d.values);
        })();
  return (
    <>
      <div
        role="alert"
        data-testid="message-error"
        className="flex items-start gap-2.5 rounded-xl border border-danger/30 bg-danger-soft px-3.5 py-2.5 text-sm text-fg"
      >
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <p className="min-w-0 whitespace-pre-wrap">{shown}</p>
      </div>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          data-testid="message-retry"
          className="mt-2 rounded-lg border border-border-strong bg-surface px-3 py-1 text-[13px] font-medium hover:bg-surface-muted"
        >
          {t('com_app_retry')}
        </button>
      )}
    </>
  );
}
