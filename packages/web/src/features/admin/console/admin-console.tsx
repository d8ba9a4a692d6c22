import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../store/auth-store';
import { adminTabs } from './admin-tabs';

/**
 * `/admin/:tab?`: the administrators' console. Others are sent to the chat (the server refuses
 * them every admin route anyway).
 */
export default function AdminConsole() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const { tab } = useParams();
  if (!user) return null;
  if (user.role !== 'ADMIN') return <Navigate to="/c/new" replace />;
  const current = adminTabs.find((a) => a.id === tab) ?? adminTabs[0]!;
  const Tab = current.component;
  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="border-b border-border px-4 py-3 sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center gap-3">
          <Link to="/c/new" className="text-fg-muted hover:text-fg" aria-label={t('com_admin_back_to_chat')}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
          <h1 className="text-lg font-semibold">{t('com_admin_console')}</h1>
        </div>
        <nav
          className="mx-auto mt-3 flex max-w-6xl gap-1 overflow-x-auto"
          aria-label={t('com_admin_console')}
        >
          {adminTabs.map((a) => (
            <Link
              key={a.id}
              to={`/admin/${a.id}`}
              aria-current={a.id === current.id ? 'page' : undefined}
              className={clsx(
                'rounded-lg px-3 py-1.5 text-sm whitespace-nowrap',
                a.id === current.id
                  ? 'bg-surface-muted font-medium text-fg'
                  : 'text-fg-muted hover:bg-surface-muted',
              )}
            >
              {t(a.labelKey)}
            </Link>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <Suspense fallback={<Spinner />}>
          <Tab />
        </Suspense>
      </main>
    </div>
  );
}
