import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../../components/ui/page-fallback';
import { useRequireAuth } from '../auth';
import { TermsGate } from '../terms';
import { PromptsHeader } from './prompts-header';

/**
 * The /d/* area (the dashboard): signed-in only — anyone else sees nothing and goes to /login, as in the
 * chat shell — with the prompts header above the page.
 */
export default function DashboardLayout() {
  const status = useRequireAuth();

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
