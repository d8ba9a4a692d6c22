import { isExpiredFile, type ParleyFile } from '@parley/schema';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ExpiredFileChip } from '../files';
import { downloadFile } from '../files-dashboard';
import { showToast } from '../toasts';
import type { CodeRunOutcome } from './use-code-block-run';

function FileButton({ file }: { file: ParleyFile }) {
  const { t } = useTranslation();
  if (isExpiredFile(file)) return <ExpiredFileChip filename={file.filename} />;
  return (
    <button
      type="button"
      onClick={() => downloadFile(file).catch(() => showToast(t('com_ui_download_error'), 'error'))}
      className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1 text-xs hover:bg-surface-sunken"
      aria-label={t('com_ui_download_file', { name: file.filename })}
      data-testid="code-run-file"
    >
      <Download className="size-3.5" aria-hidden />
      {file.filename}
    </button>
  );
}

/**
 * The results of running a code block, under the code: the text the run printed (or its error)
 * and the files it wrote, one result at a time with arrows to page through earlier runs.
 */
export function CodeRunOutput({
  outcomes,
  shown,
  onShow,
}: {
  outcomes: CodeRunOutcome[];
  shown: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  const outcome = outcomes[shown];
  if (!outcome) return null;
  const failed = /(^|\n\n)error:\n/.test(outcome.result);
  return (
    <div className="border-t border-border" data-testid="code-run-output">
      <div className="flex items-center justify-between px-3 py-1 text-xs text-fg-muted">
        <span>{t('com_ui_output')}</span>
        {outcomes.length > 1 && (
          <span className="flex items-center gap-1" data-testid="code-run-pager">
            <button
              type="button"
              disabled={shown === 0}
              onClick={() => onShow(shown - 1)}
              aria-label={t('com_ui_previous_result')}
              className="rounded p-0.5 hover:bg-surface-sunken disabled:opacity-40"
            >
              <ChevronLeft className="size-3.5 rtl:-scale-x-100" aria-hidden />
            </button>
            <span>{t('com_ui_result_of', { current: shown + 1, total: outcomes.length })}</span>
            <button
              type="button"
              disabled={shown === outcomes.length - 1}
              onClick={() => onShow(shown + 1)}
              aria-label={t('com_ui_next_result')}
              className="rounded p-0.5 hover:bg-surface-sunken disabled:opacity-40"
            >
              <ChevronRight className="size-3.5 rtl:-scale-x-100" aria-hidden />
            </button>
          </span>
        )}
      </div>
      <pre
        className={`max-h-80 overflow-auto whitespace-pre-wrap break-words px-3 pb-3 font-mono text-[13px] leading-relaxed ${failed ? 'text-danger' : ''}`}
        data-testid="code-run-result"
        data-failed={failed ? 'true' : 'false'}
      >
        {outcome.result}
      </pre>
      {outcome.attachments.length > 0 && (
        <div className="flex flex-wrap gap-2 px-3 pb-3">
          {outcome.attachments.map((file) => (
            <FileButton key={file.file_id} file={file} />
          ))}
        </div>
      )}
    </div>
  );
}
