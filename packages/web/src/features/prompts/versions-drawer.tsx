import { X } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { DRAWER_MEDIA, DRAWER_WIDTH_PX } from './prompts-breakpoints';

/**
 * The editor's side panel on narrow screens: a 320 px drawer from the end side that
 * closes on a click outside it or once the window is at least 1022 px wide.
 */
export function VersionsDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(DRAWER_MEDIA);
  useEffect(() => {
    if (open && !narrow) onClose();
  }, [open, narrow, onClose]);
  if (!open) return null;
  return (
    <>
      <button
        type="button"
        aria-label={t('com_ui_close')}
        onClick={onClose}
        className="animate-fade-in fixed inset-0 z-40 bg-overlay"
        data-testid="versions-drawer-mask"
      />
      <aside
        className="fixed inset-y-0 end-0 z-50 flex max-w-[90vw] flex-col border-s border-border bg-surface-raised shadow-2xl"
        style={{ width: DRAWER_WIDTH_PX }}
        data-testid="versions-drawer"
      >
        <div className="flex items-center justify-between border-b border-border px-4 py-2">
          <span className="text-sm font-semibold">{t('prompts.versions')}</span>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('com_ui_close')}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
        <div className="min-h-0 flex-1">{children}</div>
      </aside>
    </>
  );
}
