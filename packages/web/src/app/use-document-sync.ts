import { useEffect } from 'react';
import { useHealthCheck, useStartupConfig } from '../api/startup-queries';
import { useThemeSync } from '../features/settings';
import { useLocaleSync } from '../i18n/use-locale-sync';

/** What both apps keep in line with the settings and the server: theme, language and direction, document title, health check. */
export function useDocumentSync(): void {
  useThemeSync();
  useLocaleSync();
  useHealthCheck();
  const { data: config } = useStartupConfig();
  useEffect(() => {
    if (config?.appTitle) document.title = config.appTitle;
  }, [config?.appTitle]);
}
