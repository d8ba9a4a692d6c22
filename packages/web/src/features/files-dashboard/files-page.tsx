import type { ParleyFile } from '@parley/schema';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Download, FileText, Image as ImageIcon, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SearchField } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { formatBytes } from '../../i18n/format';
import { showToast } from '../toasts';
import {
  DEFAULT_FILE_SORT,
  filterFiles,
  nextSort,
  sortFiles,
  type FileSort,
  type FileSortKey,
} from './file-list-rules';
import { downloadFile, useDeleteFiles, useMyFiles } from './my-files-api';

const COLUMNS: { key: FileSortKey; label: string; className?: string }[] = [
  { key: 'filename', label: 'com_ui_name', className: 'text-start' },
  { key: 'type', label: 'com_ui_file_type', className: 'hidden w-44 text-start md:table-cell' },
  { key: 'bytes', label: 'com_ui_size', className: 'w-24 text-end' },
  { key: 'updatedAt', label: 'com_ui_date', className: 'hidden w-48 text-start sm:table-cell' },
];

/**
 * /d/files: the person's uploaded files with the space they use — searched by name or type,
 * sorted by any column, downloaded one by one, selected and deleted together (blobs and search
 * chunks go with them).
 */
export default function FilesPage() {
  const { t, i18n } = useTranslation();
  const files = useMyFiles();
  const remove = useDeleteFiles();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<FileSort>(DEFAULT_FILE_SORT);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<ParleyFile[] | null>(null);

  const all = useMemo(() => files.data ?? [], [files.data]);
  const shown = useMemo(() => sortFiles(filterFiles(all, query), sort), [all, query, sort]);
  const chosen = shown.filter((f) => selected.has(f.file_id));
  const allChosen = shown.length > 0 && chosen.length === shown.length;
  const usedBytes = all.reduce((sum, f) => sum + f.bytes, 0);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(shown.map((f) => f.file_id)));

  const confirmDelete = () => {
    const doomed = confirming ?? [];
    remove.mutate(doomed, {
      onSuccess: () => {
        showToast(t('com_ui_files_deleted', { count: doomed.length }));
        setSelected((current) => new Set([...current].filter((id) => !doomed.some((f) => f.file_id === id))));
      },
      // A refusal (a file that is not the caller's to delete) says so; other failures stay generic.
      onError: (error) =>
        showToast(
          t(
            error instanceof ApiError && error.status === 403
              ? 'com_ui_delete_not_allowed'
              : 'com_ui_files_delete_error',
          ),
          'error',
        ),
      onSettled: () => setConfirming(null),
    });
  };

  const download = (file: ParleyFile) =>
    downloadFile(file).catch((e: unknown) => {
      console.warn(e);
      showToast(t('com_ui_download_error'), 'error');
    });

  return (
    <div className="min-h-0 flex-1 overflow-y-auto" data-testid="files-page">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{t('com_ui_my_files')}</h1>
            <p className="mt-1 text-sm text-fg-muted" data-testid="files-usage">
              {t('com_ui_files_usage', { count: all.length, size: formatBytes(usedBytes, i18n.language) })}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <SearchField
              value={query}
              onChange={setQuery}
              label={t('com_ui_files_search')}
              testId="files-search"
              className="block w-56"
            />
            <Button
              variant="danger-outline"
              size="sm"
              disabled={chosen.length === 0}
              onClick={() => setConfirming(chosen)}
              data-testid="files-delete-selected"
            >
              <Trash2 className="size-4" aria-hidden />
              {t('com_ui_delete_selected', { count: chosen.length })}
            </Button>
          </div>
        </div>

        {files.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : shown.length === 0 ? (
          <p className="py-16 text-center text-sm text-fg-muted" data-testid="files-empty">
            {all.length === 0 ? t('com_ui_files_none') : t('com_ui_files_no_match')}
          </p>
        ) : (
          <table
            className="mt-5 w-full table-fixed border-separate border-spacing-0 text-sm"
            data-testid="files-table"
          >
            <thead>
              <tr className="text-start text-xs text-fg-muted">
                <th className="w-10 border-b border-border py-2 ps-2 text-start">
                  <input
                    type="checkbox"
                    aria-label={t('com_ui_select_all')}
                    checked={allChosen}
                    onChange={toggleAll}
                    className="size-4 accent-[var(--accent)]"
                    data-testid="files-select-all"
                  />
                </th>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    className={clsx('border-b border-border px-2 py-2 font-medium', c.className)}
                    aria-sort={sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      onClick={() => setSort(nextSort(sort, c.key))}
                      className="inline-flex items-center gap-1 rounded hover:text-fg"
                      data-testid={`files-sort-${c.key}`}
                    >
                      {t(c.label)}
                      {sort.key === c.key &&
                        (sort.descending ? (
                          <ArrowDown className="size-3.5" aria-hidden />
                        ) : (
                          <ArrowUp className="size-3.5" aria-hidden />
                        ))}
                    </button>
                  </th>
                ))}
                <th className="w-24 border-b border-border">
                  <span className="sr-only">{t('com_ui_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((file) => (
                <tr
                  key={file.file_id}
                  className={clsx('h-12 hover:bg-surface-muted', selected.has(file.file_id) && 'bg-accent/5')}
                  data-testid="files-row"
                >
                  <td className="border-b border-border ps-2">
                    <input
                      type="checkbox"
                      aria-label={t('com_ui_select_file', { name: file.filename })}
                      checked={selected.has(file.file_id)}
                      onChange={() => toggle(file.file_id)}
                      className="size-4 accent-[var(--accent)]"
                    />
                  </td>
                  <td className="border-b border-border px-2">
                    <span className="flex min-w-0 items-center gap-2">
                      {file.type.startsWith('image/') ? (
                        <ImageIcon className="size-4 shrink-0 text-fg-muted" aria-hidden />
                      ) : (
                        <FileText className="size-4 shrink-0 text-fg-muted" aria-hidden />
                      )}
                      <span className="truncate" title={file.filename} data-testid="files-name">
                        {file.filename}
                      </span>
                    </span>
                  </td>
                  <td className="hidden truncate border-b border-border px-2 text-fg-muted md:table-cell">
                    {file.type}
                  </td>
                  <td className="border-b border-border px-2 text-end text-fg-muted tabular-nums">
                    {formatBytes(file.bytes, i18n.language)}
                  </td>
                  <td className="hidden border-b border-border px-2 whitespace-nowrap text-fg-muted sm:table-cell">
                    {dateFormat.format(new Date(file.updatedAt))}
                  </td>
                  <td className="border-b border-border pe-2 text-end">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => void download(file)}
                      aria-label={t('com_ui_download_file', { name: file.filename })}
                      data-testid="files-download"
                    >
                      <Download className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setConfirming([file])}
                      aria-label={t('com_ui_delete_file', { name: file.filename })}
                      data-testid="files-delete"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('com_ui_delete_files_title', { count: confirming?.length ?? 0 })}
        description={t('com_ui_delete_files_text', { count: confirming?.length ?? 0 })}
        confirmLabel={t('com_ui_delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        testId="files-delete-confirm"
      />
    </div>
  );
}
