import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { comboKeys, SHORTCUTS } from './shortcut-table';
import { onMac } from './use-global-shortcuts';

/** The list of keyboard shortcuts, read from the same table the key handlers use. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const mac = onMac();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_shortcut_title')}
      description={t('com_shortcut_description')}
      closeLabel={t('com_ui_close')}
      testId="shortcuts-dialog"
      className="max-w-lg"
    >
      <dl className="overflow-y-auto px-6 pt-2 pb-6 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div
            key={shortcut.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 border-b border-border py-2.5 last:border-b-0"
            data-testid={`shortcut-${shortcut.id}`}
          >
            <dt className="text-fg">{t(shortcut.label)}</dt>
            <dd className="ms-auto flex flex-wrap items-center justify-end gap-1 text-fg-muted">
              {shortcut.combos[mac ? 'mac' : 'other'].map((combo, i) => (
                <Fragment key={combo.label}>
                  {i > 0 && <span className="px-0.5 text-xs">{t('com_shortcut_or')}</span>}
                  {comboKeys(combo, mac).map((key) => (
                    <kbd
                      key={key}
                      className="min-w-6 rounded-md border border-border-strong bg-surface px-1.5 py-0.5 text-center font-sans text-xs text-fg shadow-[0_1px_0] shadow-border-strong"
                    >
                      {key}
                    </kbd>
                  ))}
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
