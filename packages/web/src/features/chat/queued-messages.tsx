import { Clock, Pencil, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { unqueueMessage, useQueuedMessages } from '../chat-run';

/**
 * Above the message box: the messages typed while this conversation was answering, each marked
 * queued, oldest first. They are sent one after another once the answer ends. Edit takes one back
 * into the box (queued again with Enter, or sent once the answer is over); Cancel drops it.
 */
export function QueuedMessages({
  conversationId,
  onEdit,
}: {
  conversationId: string;
  onEdit: (text: string) => void;
}) {
  const { t } = useTranslation();
  const queued = useQueuedMessages(conversationId);
  if (queued.length === 0) return null;
  return (
    <ul className="mx-auto mb-2 flex w-full max-w-3xl flex-col gap-1.5" data-testid="queued-messages">
      {queued.map((message) => (
        <li
          key={message.id}
          data-testid="queued-message"
          className="flex items-start gap-2 rounded-xl border border-border bg-surface-muted px-3 py-2 text-sm text-fg"
        >
          <Clock className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden />
          <div className="min-w-0 flex-1">
            <span className="text-xs font-medium text-fg-muted">{t('com_ui_queued')}</span>
            <p className="line-clamp-3 break-words whitespace-pre-wrap" data-testid="queued-text">
              {message.text}
            </p>
          </div>
          <button
            type="button"
            data-testid="queued-edit"
            aria-label={t('com_ui_queued_edit')}
            title={t('com_ui_queued_edit')}
            className="flex size-7 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-raised hover:text-fg"
            onClick={() => {
              const taken = unqueueMessage(conversationId, message.id);
              if (taken) onEdit(taken.text);
            }}
          >
            <Pencil className="size-3.5" aria-hidden />
          </button>
          <button
            type="button"
            data-testid="queued-cancel"
            aria-label={t('com_ui_queued_cancel')}
            title={t('com_ui_queued_cancel')}
            className="flex size-7 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-raised hover:text-fg"
            onClick={() => unqueueMessage(conversationId, message.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
