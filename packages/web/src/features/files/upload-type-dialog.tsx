import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MENU_ITEM } from '../../components/ui/menu-styles';
import { UPLOAD_KIND_ICONS, UPLOAD_KIND_LABELS } from './upload-kind-look';
import type { UploadChooser } from './use-upload-chooser';

/** How many dropped files are named before "and N more". */
const NAMED_FILES = 3;

/** The upload-type chooser for dropped or pasted files: the attach menu's kinds, then cancel. */
export function UploadTypeDialog({ chooser }: { chooser: UploadChooser }) {
  const { t } = useTranslation();
  const files = chooser.pending ?? [];
  const named = files.slice(0, NAMED_FILES).map((f) => f.name);
  const more = files.length - named.length;
  return (
    <Dialog
      open={chooser.pending !== null}
      onOpenChange={(open) => !open && chooser.cancel()}
      title={t('com_ui_upload_type')}
      description={
        more > 0 ? `${named.join(', ')} ${t('com_ui_upload_type_more', { count: more })}` : named.join(', ')
      }
      closeLabel={t('com_ui_close')}
      className="max-w-[440px] sm:min-w-[360px]"
      testId="upload-type-dialog"
    >
      <div className="flex flex-col gap-1 px-4 pt-2 pb-2">
        {chooser.choices.map((kind) => {
          const Icon = UPLOAD_KIND_ICONS[kind];
          return (
            <button
              key={kind}
              type="button"
              onClick={() => chooser.choose(kind)}
              className={clsx(MENU_ITEM, 'w-full rounded-lg hover:bg-surface-muted')}
              data-testid={`upload-type-${kind}`}
            >
              <Icon className="size-4 shrink-0 text-fg-subtle" aria-hidden />
              {t(UPLOAD_KIND_LABELS[kind])}
            </button>
          );
        })}
      </div>
      <div className="flex justify-end px-6 pt-1 pb-5">
        <Button variant="ghost" onClick={chooser.cancel} data-testid="upload-type-cancel">
          {t('com_ui_cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
