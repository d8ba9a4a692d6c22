import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileDownloadChip } from './file-download-chip';
import type { CodeRunOutcome } from './use-code-block-run';

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
            <FileDownloadChip key={file.file_id} file={file} testId="code-run-file" />
          ))}
        </div>
      )}
    </div>
  );
}
