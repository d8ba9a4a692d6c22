import { AlertCircle } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONNECTION_ERROR_TEXT, errorDisplay, type ErrorDisplay } from '../chat-run';
import { mayAutoRetry, retryDeadline, spendAutoRetry } from './auto-retry';
import { RetryCountdown } from './retry-countdown';

/** The latest answer's question and how to ask it again, for a rate limit's retry by itself. */
export interface AutoRetry {
  parentMessageId: string;
  createdAt?: string;
  retry: () => void;
}

function displayOf(text: string): ErrorDisplay | null {
  return text === CONNECTION_ERROR_TEXT ? null : errorDisplay(text);
}

/**
 * An error answer, worded by the error catalogue; `onRetry` adds a Retry button. A rate limit
 * that says how long to wait counts it down and, given `autoRetry` (the latest answer, nothing
 * running), asks again once when the wait is over unless the user declines.
 */
export function ErrorView({
  text,
  onRetry,
  autoRetry,
}: {
  text: string;
  onRetry?: () => void;
  autoRetry?: AutoRetry;
}) {
  const { t } = useTranslation();
  const display = displayOf(text);
  const shown = display ? t(display.key, display.values) : t('com_error_connection');
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
      {display?.retryAfter !== undefined && autoRetry && (
        <AutoRetryCountdown waitSeconds={display.retryAfter} autoRetry={autoRetry} />
      )}
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

/** The countdown of one rate-limited answer, shown while its question may still be retried by itself. */
function AutoRetryCountdown({ waitSeconds, autoRetry }: { waitSeconds: number; autoRetry: AutoRetry }) {
  const { parentMessageId, createdAt, retry } = autoRetry;
  const [deadline] = useState(() => retryDeadline(createdAt, waitSeconds, Date.now()));
  const [open, setOpen] = useState(() => mayAutoRetry(parentMessageId) && deadline > Date.now());
  const close = useCallback(() => {
    spendAutoRetry(parentMessageId);
    setOpen(false);
  }, [parentMessageId]);
  const onDue = useCallback(() => {
    close();
    retry();
  }, [close, retry]);
  if (!open) return null;
  return <RetryCountdown deadline={deadline} onDue={onDue} onCancel={close} />;
}
