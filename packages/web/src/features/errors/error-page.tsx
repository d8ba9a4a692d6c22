import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { toErrorReport, type ErrorReport } from './error-log';

// The detailed page loads on demand; if even that fails (say, the app was redeployed and old
// chunks are gone) the plain version below stays, which still offers a reload.
const ErrorDetails = lazy(() => import('./error-details').catch(() => ({ default: PlainError })));

/** Route error element. */
export function ErrorPage() {
  const error = useRouteError();
  const report = useMemo(() => toErrorReport(error), [error]);
  return (
    <Suspense fallback={<PlainError report={report} />}>
      <ErrorDetails report={report} />
    </Suspense>
  );
}

function PlainError({ report }: { report: ErrorReport }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-xl font-semibold">
        {t(report.status === 404 ? 'com_app_page_not_found' : 'com_app_error_page_title')}
      </h1>
      <p className="text-sm text-fg-muted">{report.message}</p>
      <button
        type="button"
        className="text-sm font-medium text-accent underline"
        onClick={() => window.location.reload()}
      >
        {t('com_app_refresh_page')}
      </button>
    </main>
  );
}
