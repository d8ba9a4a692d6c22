import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { IconTooltipsOnDemand } from '../components/ui/icon-tooltips-on-demand';
import { PageFallback } from '../components/ui/page-fallback';
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

  useEffect(() => {
    if (config?.appTitle) document.title = config.appTitle;
  }, [config?.appTitle]);

  return (
    <>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <Toaster />
      <IconTooltipsOnDemand />
    </>
  );
}
