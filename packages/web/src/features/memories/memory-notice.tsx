import { memoryAttachmentsOf } from '@parley/schema';
import { clsx } from 'clsx';
import { Brain, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeRows, type NoticeRow } from './memory-notice-rows';

/**
 * The in-chat memory notice under an answer: what the memory step changed after it (the
 * answer's memory attachments). Collapsed to its heading, opened and closed with a 0.4 s
 * animation; red and labelled as an error, under "Memory storage full", when a change was refused.
 * Nothing when the answer changed no memory.
 */
export function MemoryNotice({ attachments }: { attachments: unknown }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const changes = memoryAttachmentsOf(attachments);
  if (changes.length === 0) return null;
  const { rows, error } = noticeRows(changes);
  return (
    <div
      data-testid="memory-notice"
      data-error={error || undefined}
      className={clsx(
        'mt-2 w-fit max-w-full rounded-lg border text-[13px]',
        error
          ? 'border-danger/40 bg-danger-soft text-danger'
          : 'border-border bg-surface-muted text-fg-muted',
      )}
    >
      <button
        type="button"
        className="flex items-center gap-1.5 px-2.5 py-1.5 font-medium"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <Brain className="size-3.5" aria-hidden />
        {error && <span className="sr-only">{t('memories.notice_error_label')}</span>}
        <span>{error ? t('memories.notice_storage_full') : t('memories.notice_updated')}</span>
        <ChevronDown
          className={clsx('size-3.5 transition-transform duration-[400ms]', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div
        id={bodyId}
        className={clsx(
          'grid transition-[grid-template-rows] duration-[400ms] ease-in-out',
          open ? 'grid-rows-[1fr]' : 'grid-rows-[0fr]',
        )}
        inert={!open}
      >
        <ul className="min-h-0 overflow-hidden" data-testid="memory-notice-rows">
          {rows.map((row, i) => (
            <li key={`${row.key}:${i}`} className="px-2.5 pb-1.5 first:pt-0.5">
              <NoticeLine row={row} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function NoticeLine({ row }: { row: NoticeRow }) {
  const { t } = useTranslation();
  const key = <span className="font-mono text-fg">{row.key}</span>;
  switch (row.kind) {
    case 'update':
      return (
        <>
          {t('memories.notice_set')} {key}: <span className="break-words text-fg">{row.value}</span>
        </>
      );
    case 'delete':
      return (
        <>
          {t('memories.notice_deleted')} {key}
        </>
      );
    case 'already_exceeded':
      return (
        <>
          {key}: {t('memories.notice_already_exceeded', { count: row.tokenCount })}
        </>
      );
    case 'would_exceed':
      return (
        <>
          {key}: {t('memories.notice_would_exceed', { count: row.tokenCount })}
        </>
      );
    default:
      return (
        <>
          {key}: {t('memories.notice_error_generic')}
        </>
      );
  }
}
