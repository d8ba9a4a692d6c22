import { Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Under an answer its user stopped: a quiet "Stopped", where an answer that ended early for
 * another reason (the server restarted, the provider went quiet) shows the incomplete-response
 * notice. Stopping is the user's choice, not a failure; Continue, labelled, sits in the buttons.
 */
export function StoppedMark() {
  const { t } = useTranslation();
  return (
    <p data-testid="stopped-mark" className="mt-2 flex items-center gap-1.5 text-[13px] text-fg-subtle">
      <Square className="size-2.5 fill-current" aria-hidden />
      {t('com_ui_stopped')}
    </p>
  );
}
