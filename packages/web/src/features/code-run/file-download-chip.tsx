import { isExpiredFile, type ParleyFile } from '@parley/schema';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ExpiredFileChip } from '../files';
import { downloadFile } from '../files-dashboard';
import { showToast } from '../toasts';

/**
 * A file a code run wrote, as a chip that downloads it (the Run button's results and the files
 * an answer's tools made); an expired file shows the expired notice instead of a link.
 */
export function FileDownloadChip({ file, testId }: { file: ParleyFile; testId: string }) {
  const { t } = useTranslation();
  if (isExpiredFile(file)) return <ExpiredFileChip filename={file.filename} />;
  return (
    <button
      type="button"
      onClick={() => downloadFile(file).catch(() => showToast(t('com_ui_download_error'), 'error'))}
      className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1 text-xs hover:bg-surface-sunken"
      aria-label={t('com_ui_download_file', { name: file.filename })}
      data-testid={testId}
    >
      <Download className="size-3.5" aria-hidden />
      {file.filename}
    </button>
  );
}
