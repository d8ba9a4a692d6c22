import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** In place of a spinner that could never end: what is waiting for the connection. */
export function OfflineState({ testId = 'offline-state' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center text-sm text-fg-muted"
    >
      <WifiOff className="size-6 text-fg-subtle" aria-hidden />
      <p className="max-w-sm">{t('com_ui_offline_conversation')}</p>
    </div>
  );
}
