import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The round button that brings the newest message back into view (setting: scroll button). */
export function ScrollToBottomButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('com_ui_scroll_to_bottom')}
      data-testid="scroll-to-bottom"
      className="animate-fade-in absolute bottom-3 left-1/2 z-10 flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-border bg-surface-raised text-fg-muted shadow-lg shadow-black/10 hover:text-fg"
    >
      <ArrowDown className="size-4" aria-hidden />
    </button>
  );
}
