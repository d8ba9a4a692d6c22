import { ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../components/ui/popover';
import { downloadFile, useOwnFile } from '../files-dashboard';
import { showToast } from '../toasts';
import type { FileSource } from './file-search-result';

/**
 * A citation marker for passages found by file search: a small chip naming the first file (and
 * how many more it cites) that opens a pop-up paging through the passages — the file's name, the
 * passage's number and, in a PDF, its page or pages, its text — with a download button when the server says the file is the
 * viewer's own (another person reading a shared conversation gets no button).
 */
export default function FileCitation({ sources }: { sources: FileSource[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const source = sources[Math.min(page, sources.length - 1)]!;
  const own = useOwnFile(source.fileId, open);
  const more = sources.length - 1;
  const download = () => {
    if (!own.data) return;
    downloadFile(own.data).catch((e: unknown) => {
      console.warn(e);
      showToast(t('com_ui_download_error'), 'error');
    });
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPage(0);
      }}
      side="top"
      className="w-80 p-3"
      testId="citation-popup"
      trigger={
        <button
          type="button"
          className="mx-0.5 inline-flex max-w-40 items-center gap-1 rounded-full bg-surface-muted px-1.5 py-px align-baseline text-xs text-fg-subtle hover:bg-accent/15 hover:text-accent"
          aria-label={t('com_ui_citation_sources', {
            names: sources.map((s) => `${s.citation}. ${s.filename}`).join(', '),
          })}
          data-testid="citation-marker"
        >
          <FileText className="size-3 shrink-0" aria-hidden />
          <span className="truncate">{sources[0]!.filename}</span>
          {more > 0 && <span className="shrink-0">+{more}</span>}
        </button>
      }
    >
      <div className="flex items-center gap-2">
        <FileText className="size-4 shrink-0 text-accent" aria-hidden />
        <p className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="citation-filename">
          {source.filename}
        </p>
        {own.data && (
          <button
            type="button"
            onClick={download}
            className="rounded-md p-1 text-fg-subtle hover:bg-surface-muted hover:text-fg"
            aria-label={t('com_ui_download_file', { name: source.filename })}
            data-testid="citation-download"
          >
            <Download className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <p className="mt-0.5 text-xs text-fg-subtle">
        {t('com_ui_citation_passage', { number: source.citation, passage: source.chunk + 1 })}
        {source.page !== undefined && (
          <span data-testid="citation-pages">
            {' · '}
            {source.lastPage !== undefined
              ? t('com_ui_citation_pages', { first: source.page, last: source.lastPage })
              : t('com_ui_citation_page', { page: source.page })}
          </span>
        )}
      </p>
      {source.snippet && (
        <p
          className="mt-2 line-clamp-6 whitespace-pre-wrap text-xs leading-relaxed"
          data-testid="citation-snippet"
        >
          {source.snippet}
        </p>
      )}
      {sources.length > 1 && (
        <div className="mt-2 flex items-center justify-end gap-1 text-xs text-fg-subtle">
          <button
            type="button"
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            disabled={page === 0}
            className="rounded-md p-1 hover:bg-surface-muted disabled:opacity-40"
            aria-label={t('com_ui_previous_result')}
            data-testid="citation-previous"
          >
            <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
          </button>
          <span data-testid="citation-page">
            {page + 1} / {sources.length}
          </span>
          <button
            type="button"
            onClick={() => setPage((p) => Math.min(sources.length - 1, p + 1))}
            disabled={page === sources.length - 1}
            className="rounded-md p-1 hover:bg-surface-muted disabled:opacity-40"
            aria-label={t('com_ui_next_result')}
            data-testid="citation-next"
          >
            <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
          </button>
        </div>
      )}
    </Popover>
  );
}
