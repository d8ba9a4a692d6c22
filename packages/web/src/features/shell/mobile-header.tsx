import { LogOut, Menu, SquarePen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useNav } from '../../store/nav-store';
import { useShell } from '../../store/shell-store';
import { useLogout } from '../auth';
import { HeaderMoreMenu } from './header-more-menu';
import { useNewChat } from './use-new-chat';

/**
 * Phone header (≤767 px), one row: sidebar toggle, then the page's own controls or its title, and
 * new chat. The chat view passes its model selector (`controls`), a note beside the title
 * (`badge`, e.g. that the chat is temporary) and its secondary tools (`more`, behind ⋯), so a phone
 * shows one header, not the shell's above the chat's, with the model and the conversation title
 * on two lines in the middle; signing out is then in the sidebar's account menu. Other pages get
 * the title and a sign-out button.
 */
export function MobileHeader({
  controls,
  badge,
  more,
}: {
  controls?: ReactNode;
  badge?: ReactNode;
  more?: ReactNode;
}) {
  const { t } = useTranslation();
  const toggleNav = useNav((s) => s.toggleNav);
  const title = useShell((s) => s.conversationTitle);
  const newChat = useNewChat();
  const logout = useLogout();
  const heading = title || t('com_ui_new_chat');
  return (
    <header
      data-testid="mobile-header"
      className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-0.5 border-b border-border bg-surface/90 px-1.5 backdrop-blur"
    >
      <Button variant="ghost" size="icon" onClick={toggleNav} aria-label={t('com_nav_toggle_sidebar')}>
        <Menu className="size-5" aria-hidden />
      </Button>
      {controls ? (
        <>
          <div className="flex min-w-0 flex-1 flex-col justify-center" data-testid="chat-header">
            <div className="flex min-w-0 items-center">{controls}</div>
            <div className="flex min-w-0 items-center gap-1.5 px-2.5 text-xs leading-4">
              {badge}
              <h1 className="min-w-0 truncate text-fg-muted" data-testid="conversation-title">
                {heading}
              </h1>
            </div>
          </div>
          {more && <HeaderMoreMenu>{more}</HeaderMoreMenu>}
        </>
      ) : (
        <h1 className="min-w-0 flex-1 truncate text-center text-[15px] font-medium">{heading}</h1>
      )}
      <Button variant="ghost" size="icon" onClick={(e) => newChat(e)} aria-label={t('com_ui_new_chat')}>
        <SquarePen className="size-5" aria-hidden />
      </Button>
      {!controls && (
        <Button variant="ghost" size="icon" onClick={() => void logout()} aria-label={t('com_nav_log_out')}>
          <LogOut className="size-5" aria-hidden />
        </Button>
      )}
    </header>
  );
}
