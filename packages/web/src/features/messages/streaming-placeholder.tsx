import { useTranslation } from 'react-i18next';
import { UNFINISHED_NOTICE_DELAY_MS } from './unfinished-notice';
import { useShownAfter } from './use-shown-after';

/**
 * The pulsing dot of an answer that has nothing to show yet. While the answer is on its way it
 * shows in the same frame as the row, so Enter is answered at once by "it is typing"; an answer
 * saved unfinished (`delayed`) shows it after 250 ms like its unfinished notice, so a page that
 * is still settling does not flash it.
 */
export function StreamingPlaceholder({ delayed }: { delayed: boolean }) {
  const { t } = useTranslation();
  const shown = useShownAfter(delayed ? UNFINISHED_NOTICE_DELAY_MS : 0);
  if (!shown) return null;
  return (
    <span
      role="status"
      aria-label={t('com_ui_generating')}
      className="inline-block size-2.5 animate-pulse rounded-full bg-fg-muted align-middle"
      data-testid="typing"
    />
  );
}
