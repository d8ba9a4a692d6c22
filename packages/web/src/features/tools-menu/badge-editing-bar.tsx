import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { usePinnedBadges } from './pinned-badges';

/** The bar shown while pinned badges are edited: says how, and saves or cancels (Escape cancels). */
export function BadgeEditingBar() {
  const { t } = useTranslation();
  const { saveEditing, cancelEditing } = usePinnedBadges();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') cancelEditing();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancelEditing]);
  return (
    <div
      role="toolbar"
      aria-label={t('com_ui_badges_edit')}
      className="mb-2 flex items-center gap-2 rounded-xl bg-surface-muted px-3 py-1.5 text-xs"
      data-testid="badge-editing-bar"
    >
      <span className="flex-1 text-fg-subtle">{t('com_ui_badges_edit_hint')}</span>
      <Button variant="ghost" size="sm" onClick={cancelEditing} data-testid="badge-editing-cancel">
        {t('com_ui_cancel')}
      </Button>
      <Button size="sm" onClick={saveEditing} data-testid="badge-editing-save">
        {t('com_ui_save')}
      </Button>
    </div>
  );
}
