import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageFallback } from '../../../components/ui/page-fallback';
import { useAuth } from '../../../store/auth-store';
import { useRequireAuth } from '../../auth';
import { ADMIN_TABS } from './admin-tabs';
import { addAdminConsoleStrings } from './admin-strings';

addAdminConsoleStrings();

/**
 * /admin/:tab — the administration console. Signed-out visitors go to the sign-in page (as
 * everywhere), signed-in people who are not administrators to the chat; the server refuses them
 * on every admin route anyway. Tabs sit in a column on a desktop and in a scrolling row on a phone.
 */
export default function AdminConsolePage() {
  const { t } = useTranslation();
  const status = useRequireAuth();
  const role = useAuth((s) => s.user?.role);
  const { tab } = useParams();
  if (status !== 'authenticated') return null;
  if (role !== 'ADMIN') return <Navigate to="/c/new" replace />;
  const current = ADMIN_TABS.find((entry) => entry.id === tab);
  if (!current) return <Navigate to={`/admin/${ADMIN_TABS[0]!.id}`} replace />;
  const Tab = current.component;

  return (
    <div
      className="flex h-dvh flex-col overflow-hidden bg-surface text-fg md:flex-row"
      data-testid="admin-console"
    >
      <nav
        aria-label={t('console.tabs_label')}
        className="flex shrink-0 flex-col border-b border-border md:w-56 md:border-e md:border-b-0"
      >
        <div className="flex items-center gap-2 px-3 pt-3 pb-2 md:px-4 md:pt-5">
          <Link
            to="/c/new"
            className="rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg"
            aria-label={t('console.back_to_chat')}
            title={t('console.back_to_chat')}
          >
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          </Link>
          <h1 className="text-base font-semibold">{t('console.title')}</h1>
        </div>
        <ul className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:overflow-visible md:px-3">
          {ADMIN_TABS.map((entry) => (
            <li key={entry.id} className="shrink-0">
              <Link
                to={`/admin/${entry.id}`}
                aria-current={entry.id === current.id ? 'page' : undefined}
                data-testid={`admin-tab-${entry.id}`}
                className={clsx(
                  'block rounded-lg px-3 py-1.5 text-sm whitespace-nowrap',
                  entry.id === current.id
                    ? 'bg-surface-muted font-medium text-fg'
                    : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                )}
              >
                {t(entry.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">
        <Suspense fallback={<PageFallback />}>
          <Tab />
        </Suspense>
      </main>
    </div>
  );
}
