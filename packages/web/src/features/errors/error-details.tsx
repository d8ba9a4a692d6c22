import { ChevronDown, Copy, Download, House, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../components/ui/button';
import { copyText } from '../../lib/copy-text';
import { buildErrorLog, type ErrorReport } from './error-log';

/** The full error page: message, status, stack (collapsible, copyable), details, refresh, log download. */
export default function ErrorDetails({ report }: { report: ErrorReport }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  const copyStack = async () => {
    if (!(await copyText(report.stack ?? report.message))) return;
    setCopied(true);
    window.setTimeout(() => setCopied(false), 3000);
  };

  const download = () => {
    const log = buildErrorLog(report, new Date(), navigator, window.location.href);
    const url = URL.createObjectURL(new Blob([JSON.stringify(log, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `error-log-${log.timestamp.replace(/[:.]/g, '-')}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-surface-muted px-4 py-12 dark:bg-surface-sunken">
      <div
        className="w-full max-w-xl rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8"
        data-testid="error-page"
      >
        <div className="flex items-start gap-4">
          <span className="rounded-xl bg-danger-soft p-2.5 text-danger">
            <TriangleAlert className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight">
              {t(report.status === 404 ? 'com_app_page_not_found' : 'com_app_error_page_title')}
            </h1>
            <p className="mt-1 text-sm break-words text-fg-muted">{report.message}</p>
            {report.status !== undefined && (
              <p className="mt-2 inline-block rounded-md bg-surface-muted px-2 py-0.5 font-mono text-xs text-fg-muted">
                {t('com_app_status')}: {report.status} {report.statusText}
              </p>
            )}
          </div>
        </div>
        {report.stack && (
          <details className="group mt-6 rounded-xl border border-border">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium">
              {t('com_app_stack_trace')}
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <div className="border-t border-border">
              <pre className="max-h-64 overflow-auto p-4 text-xs leading-5 text-fg-muted">{report.stack}</pre>
              <div className="flex justify-end border-t border-border px-3 py-2">
                <Button variant="ghost" size="sm" onClick={() => void copyStack()}>
                  <Copy className="size-3.5" aria-hidden />
                  {copied ? t('com_app_copied') : t('com_app_copy_stack')}
                </Button>
              </div>
            </div>
          </details>
        )}
        {report.details !== undefined && (
          <details className="group mt-3 rounded-xl border border-border">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium">
              {t('com_app_error_details')}
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <pre className="max-h-48 overflow-auto border-t border-border p-4 text-xs text-fg-muted">
              {JSON.stringify(report.details, null, 2)}
            </pre>
          </details>
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden />
            {t('com_app_refresh_page')}
          </Button>
          <Button variant="secondary" onClick={download}>
            <Download className="size-4" aria-hidden />
            {t('com_app_download_error_logs')}
          </Button>
          <a href="/" className={buttonClasses('ghost')}>
            <House className="size-4" aria-hidden />
            {t('com_app_go_home')}
          </a>
        </div>
      </div>
    </main>
  );
}
