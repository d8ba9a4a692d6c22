import { LogOut, Menu, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useNav } from '../../store/nav-store';
import { useShell } from '../../store/shell-store';
import { useLogout } from '../auth';
import { useNewChat } from './use-new-chat';

/** Phone header (≤767 px): sidebar toggle, conversation title, new chat, logout. */
export function MobileHeader() {
  const { t } = useTranslation();
  const toggleNav = useNav((s) => s.toggleNav);
  const title = useShell((s) => s.conversationTitle);
  const newChat = useNewChat();
  const logout = useLogout();
  return (
    <header
      data-testid="mobile-header"
      className="sticky top-0 z-20 flex h-12 shrink-0 items-center gap-1 border-b border-border bg-surface/90 px-2 backdrop-blur"
    >
      <Button variant="ghost" size="icon" onClick={toggleNav} aria-label={t('com_nav_toggle_sidebar')}>
        <Menu className="size-5" aria-hidden />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-center text-[15px] font-medium">
        {title || t('com_ui_new_chat')}
      </h1>
      <Button variant="ghost" size="icon" onClick={(e) => newChat(e)} aria-label={t('com_ui_new_chat')}>
        <SquarePen className="size-5" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={() => void logout()} aria-label={t('com_nav_log_out')}>
        <LogOut className="size-5" aria-hidden />
      </Button>
    </header>
  );
}
