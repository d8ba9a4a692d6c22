import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { IconTooltipsOnDemand } from '../components/ui/icon-tooltips-on-demand';
import { PageFallback } from '../components/ui/page-fallback';
import { ShellSkeleton } from '../components/ui/shell-skeleton';
import { isShellPath } from '../lib/shell-paths';
import { Toaster } from '../features/toasts';
import { useThemeSync } from '../features/settings';
import { useLocaleSync } from '../i18n/use-locale-sync';
import { useHealthCheck, useStartupConfig } from '../api/startup-queries';

/** Wraps every page: theme, language and direction, document title, health check, toasts, icon tooltips. */
export function RootLayout() {
  useThemeSync();
  useLocaleSync();
  useHealthCheck();
  const { data: config } = useStartupConfig();
  // The shell's pages keep the outline index.html painted while their code arrives.
  const shellPage = isShellPath(useLocation().pathname);

  useEffect(() => {
    if (config?.appTitle) document.title = config.appTitle;
  }, [config?.appTitle]);

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
