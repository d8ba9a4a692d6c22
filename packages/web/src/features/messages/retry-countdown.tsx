import { useTranslation } from 'react-i18next';
import { useSecondsUntil } from '../../lib/use-seconds-until';

/**
 * "Trying again in N s" until `deadline`, then `onDue` once; "Don't retry" calls `onCancel`.
 * Unmounting (another message sent, another conversation opened) cancels it without a retry.
 */
export function RetryCountdown({
  deadline,
  onDue,
  onCancel,
}: {
  deadline: number;
  onDue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const left = useSecondsUntil(deadline, onDue);
  return (
    <div className="mt-2 flex items-center gap-3 text-[13px] text-fg-muted" data-testid="retry-countdown">
      <span role="timer" aria-live="polite">
        {t('com_error_retry_countdown', { seconds: left })}
      </span>
      <button
        type="button"
        onClick={onCancel}
        data-testid="retry-cancel"
        className="rounded-lg border border-border-strong bg-surface px-3 py-1 font-medium text-fg hover:bg-surface-muted"
      >
        {t('com_error_retry_cancel')}
      </button>
    </div>
  );
}
