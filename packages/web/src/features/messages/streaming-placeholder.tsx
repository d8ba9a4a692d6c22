import { useTranslation } from 'react-i18next';
import { UNFINISHED_NOTICE_DELAY_MS } from './unfinished-notice';
import { useShownAfter } from './use-shown-after';

/**
 * The pulsing dot of an answer that has nothing to show yet (after 250 ms), so an answer
 * whose first token comes quickly never flashes it.
 */
export function StreamingPlaceholder() {
  const { t } = useTranslation();
  const shown = useShownAfter(UNFINISHED_NOTICE_DELAY_MS);
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
