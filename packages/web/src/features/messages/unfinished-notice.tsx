import { useTranslation } from 'react-i18next';
import { useShownAfter } from './use-shown-after';

/** The unfinished notice and the streaming placeholder wait this long. */
export const UNFINISHED_NOTICE_DELAY_MS = 250;

/** The incomplete-response notice; mounted only while not submitting, shown 250 ms later. */
export function UnfinishedNotice() {
  const { t } = useTranslation();
  const shown = useShownAfter(UNFINISHED_NOTICE_DELAY_MS);
  if (!shown) return null;
  return (
    <p
      data-testid="unfinished-notice"
      className="mt-3 rounded-lg bg-warning-soft px-3 py-2 text-[13px] text-fg-muted"
    >
      {t('com_ui_unfinished')}
    </p>
  );
}
