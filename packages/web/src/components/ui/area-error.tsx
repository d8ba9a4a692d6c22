import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';
import { Button } from './button';

/** A part of the page whose code did not arrive: says why, in place, with a way to load it again. */
export function AreaError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div
      role="alert"
      data-testid="area-error"
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center"
    >
      <p className="max-w-sm text-sm text-fg-muted">
        {online ? t('com_app_area_failed') : t('com_app_area_offline')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} data-testid="area-retry">
        {t('com_app_retry')}
      </Button>
    </div>
  );
}
