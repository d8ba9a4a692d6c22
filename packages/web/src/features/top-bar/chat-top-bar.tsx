import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { useLogout } from '../auth';
import { MOBILE_MEDIA } from '../../lib/breakpoints';

/** The chat view's top bar: only a Quit button, hidden while loading and on small screens. */
export function ChatTopBar({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  const small = useMediaQuery(MOBILE_MEDIA);
  const logout = useLogout();
  if (loading || small) return null;
  return (
    <div className="flex h-14 shrink-0 items-center justify-end px-4">
      <Button variant="ghost" size="sm" onClick={() => void logout()} data-testid="quit">
        <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('com_ui_quit')}
      </Button>
    </div>
  );
}
