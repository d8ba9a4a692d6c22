import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageFallback } from '../../components/ui/page-fallback';
import { useAuth } from '../../store/auth-store';
import { UNAUTHENTICATED_REDIRECT_MS } from '../shell';
import { TermsGate } from '../terms';
import { PromptsHeader } from './prompts-header';

/**
 * The /d/* area (001 §2): signed-in only — anyone else sees nothing and goes to /login, as in the
 * chat shell — with the prompts header above the page.
 */
export default function DashboardLayout() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      UNAUTHENTICATED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  if (status !== 'authenticated') return null;
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-surface text-fg" data-testid="dashboard">
      <PromptsHeader />
      <main className="relative flex min-h-0 flex-1 flex-col">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <TermsGate />
    </div>
  );
}
