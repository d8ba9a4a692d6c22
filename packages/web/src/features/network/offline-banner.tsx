import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';

/** A strip above the page while the browser has no connection; it goes when the network is back. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center justify-center gap-2 border-b border-border bg-warning-soft px-3 py-1.5 text-center text-[13px] text-fg"
    >
      <WifiOff className="size-4 shrink-0 text-fg-muted" aria-hidden />
      <span>{t('com_ui_offline_banner')}</span>
    </div>
  );
}
