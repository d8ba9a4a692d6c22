import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from './attachments-store';

/** The files chosen for the next message: thumbnail or icon, name, upload progress, remove. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: Attachment[];
  onRemove: (attachment: Attachment) => void;
}) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-2 pt-2" data-testid="attachments">
      {attachments.map((a) => (
        <li
          key={a.id}
          data-testid="attachment"
          data-progress={a.progress}
          className="relative flex h-14 max-w-56 items-center gap-2 overflow-hidden rounded-xl border border-border bg-surface p-1.5 pe-7"
        >
          {a.preview ? (
            <img src={a.preview} alt="" className="size-11 shrink-0 rounded-lg object-cover" />
          ) : (
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent/15 text-accent">
              <FileText className="size-5" aria-hidden />
            </span>
          )}
          <span className="min-w-0 text-xs">
            <span className="block truncate font-medium">{a.name}</span>
            <span className="block text-fg-subtle">{a.type.split('/')[1]?.toUpperCase() ?? a.type}</span>
          </span>
          {a.progress < 1 && (
            <span
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(a.progress * 100)}
              className="absolute inset-x-0 bottom-0 h-1 bg-border"
            >
              <span
                className="block h-full bg-accent transition-[width]"
                style={{ width: `${a.progress * 100}%` }}
              />
            </span>
          )}
          <button
            type="button"
            onClick={() => onRemove(a)}
            aria-label={t('com_ui_remove_file', { name: a.name })}
            data-testid="remove-attachment"
            className="absolute end-1 top-1 flex size-5 items-center justify-center rounded-full bg-fg/70 text-surface hover:bg-fg"
          >
            <X className="size-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
