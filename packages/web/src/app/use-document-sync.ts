import { useEffect } from 'react';
import { useHealthCheck, useStartupConfig } from '../api/startup-queries';
import { useThemeSync } from '../features/settings';
import { useLocaleSync } from '../i18n/use-locale-sync';
import { browserAnalyticsPage, startAnalytics } from '../lib/analytics';

/**
 * What both apps keep in line with the settings and the server: theme, language and direction,
 * document title, health check, and the operator's analytics (ANALYTICS_GTM_ID) once known.
 */
export function useDocumentSync(): void {
  useThemeSync();
  useLocaleSync();
  useHealthCheck();
  const { data: config } = useStartupConfig();
  useEffect(() => {
    if (config?.appTitle) document.title = config.appTitle;
  }, [config?.appTitle]);
  useEffect(() => {
    startAnalytics(config?.analyticsGtmId, browserAnalyticsPage());
  }, [config?.analyticsGtmId]);
}
