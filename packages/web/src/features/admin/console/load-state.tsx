import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** A tab's list while it loads, when it failed (with Retry), when it is empty, or its content. */
export function LoadState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-sm text-fg-muted">
        {t('console.load_error')}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('console.retry')}
        </Button>
      </div>
    );
  if (empty) return <p className="py-12 text-center text-sm text-fg-muted">{t('console.none')}</p>;
  return <>{children}</>;
}
