import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown while files are dragged over the chat. */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="drop-overlay"
      className="pointer-events-none absolute inset-0 z-40 flex flex-col items-center justify-center gap-2 bg-surface/85 backdrop-blur-sm"
    >
      <Upload className="size-10 text-accent" aria-hidden />
      <p className="text-lg font-semibold">{t('com_ui_upload_files_title')}</p>
      <p className="text-sm text-fg-subtle">{t('com_ui_upload_files_text')}</p>
    </div>
  );
}
