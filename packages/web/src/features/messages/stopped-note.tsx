import { StepForward } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** An answer its user stopped: said quietly, with Continue spelled out when the answer can go on. */
export function StoppedNote({ onContinue }: { onContinue?: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="answer-stopped" className="mt-2 flex items-center gap-3 text-[13px] text-fg-subtle">
      <span>{t('com_ui_stopped')}</span>
      {onContinue && (
        <button
          type="button"
          onClick={onContinue}
          data-testid="stopped-continue"
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <StepForward className="size-3.5" aria-hidden />
          {t('com_ui_continue')}
        </button>
      )}
    </div>
  );
}
