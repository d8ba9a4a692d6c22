import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 001 §4: the incomplete-response notice shows 250 ms after submitting ends. */
export const UNFINISHED_NOTICE_DELAY_MS = 250;

export function UnfinishedNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), UNFINISHED_NOTICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
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
