import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { IconTooltipsOnDemand } from '../components/ui/icon-tooltips-on-demand';
import { PageFallback } from '../components/ui/page-fallback';
import { ShellSkeleton } from '../components/ui/shell-skeleton';
import { isShellPath } from '../lib/shell-paths';
import { Toaster } from '../features/toasts';
import { useDocumentSync } from './use-document-sync';
import { useAccountLanguage } from '../features/settings';

/** Wraps every page of the signed-in app: theme, language and direction, document title, health check, toasts, icon tooltips. */
export function RootLayout() {
  useDocumentSync();
  useAccountLanguage();
  // The shell's pages keep the outline index.html painted while their code arrives.
  const shellPage = isShellPath(useLocation().pathname);

  return (
    <>
      <Suspense fallback={shellPage ? <ShellSkeleton /> : <PageFallback />}>
        <Outlet />
      </Suspense>
      <Toaster />
      <IconTooltipsOnDemand />
    </>
  );
}
