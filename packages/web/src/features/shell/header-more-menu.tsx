import { Ellipsis } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../components/ui/popover';

/**
 * The phone header's "more" menu (⋯): the chat's secondary tools, so the header keeps one row and
 * the model name and conversation title get the width. Each tool keeps its own button, menu and
 * dialog; inside this panel an icon-only button shows its name beside the icon (the
 * `labelled-tools` rule in index.css writes out its aria-label), so a phone, which has no hover
 * for tooltips, still says in words what each one does.
 */
export function HeaderMoreMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Popover
      align="end"
      className="w-72 p-1.5"
      testId="header-more-menu"
      trigger={
        <button
          type="button"
          aria-label={t('com_ui_more_tools')}
          data-testid="header-more"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Ellipsis className="size-5" aria-hidden />
        </button>
      }
    >
      <div
        className="labelled-tools flex flex-col gap-0.5"
        data-no-tooltip
        data-empty={t('com_ui_no_more_tools')}
      >
        {children}
      </div>
    </Popover>
  );
}
