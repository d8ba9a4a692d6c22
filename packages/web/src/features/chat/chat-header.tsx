import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { useLogout } from '../auth';
import { ChatHeaderActions } from '../conversation-actions';
import { MOBILE_HEADER_MEDIA, MOBILE_MEDIA } from '../../lib/breakpoints';
import { MobileHeader } from '../shell';

/**
 * The chat view's header: the model controls on the start side, the conversation title and the
 * Quit button (hidden while loading and on small screens). On a phone it is the phone header
 * itself, with the sidebar and new-chat buttons around the same controls.
 */
export function ChatHeader({
  title,
  loading,
  children,
  end,
}: {
  title: string | null;
  loading: boolean;
  children: ReactNode;
  /** Buttons at the end side, before the conversation actions (e.g. the phone's side-panel button). */
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const small = useMediaQuery(MOBILE_MEDIA);
  const phone = useMediaQuery(MOBILE_HEADER_MEDIA);
  const logout = useLogout();
  if (phone) {
    return (
      <MobileHeader
        controls={children}
        end={
          <>
            {end}
            <ChatHeaderActions />
          </>
        }
      />
    );
  }
  return (
    <div className="flex h-14 shrink-0 items-center gap-1 px-2 sm:px-3" data-testid="chat-header">
      <div className="flex min-w-0 items-center gap-0.5">{children}</div>
      <h1
        className="min-w-0 flex-1 truncate px-2 text-center text-sm text-fg-muted"
        data-testid="conversation-title"
      >
        {!small && title ? title : ''}
      </h1>
      {end}
      <ChatHeaderActions />
      {!loading && !small && (
        <Button variant="ghost" size="sm" onClick={() => void logout()} data-testid="quit">
          <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('com_ui_quit')}
        </Button>
      )}
    </div>
  );
}
