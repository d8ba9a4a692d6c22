import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The round button that brings the newest message back into view (setting: scroll button). It
 * sits in a strip of its own below the scrolling list, so it never covers message text: the list
 * gives up the strip's height while the button shows (the reader has scrolled up, so the text
 * does not move; only less of it shows at the bottom).
 */
export function ScrollToBottomButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-11 shrink-0 items-center justify-center" data-testid="scroll-to-bottom-strip">
      <button
        type="button"
        onClick={onClick}
        aria-label={t('com_ui_scroll_to_bottom')}
        data-testid="scroll-to-bottom"
        className="animate-fade-in flex size-9 items-center justify-center rounded-full border border-border bg-surface-raised text-fg-muted shadow-lg shadow-black/10 hover:text-fg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
    </div>
  );
}
