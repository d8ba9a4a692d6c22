import { FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A file that can no longer be downloaded (its `expiresAt` has passed): its name and the expired
 * notice, in place of the link or thumbnail that would only fail.
 */
export function ExpiredFileChip({ filename }: { filename?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="flex items-center gap-2 rounded-xl border border-dashed border-border bg-surface px-3 py-2 text-xs text-fg-subtle"
      data-testid="expired-file"
    >
      <FileX className="size-4 shrink-0" aria-hidden />
      <span className="flex min-w-0 flex-col">
        {filename && <span className="truncate line-through">{filename}</span>}
        <span>{t('com_ui_attachment_expired')}</span>
      </span>
    </span>
  );
}
