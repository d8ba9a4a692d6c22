import { clsx } from 'clsx';
import { PanelLeftClose, PanelLeftOpen, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { Button } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';
import { SidebarConversations } from '../conversation-actions';
import { SearchBox } from '../search';
import { SidebarProjects } from '../projects';
import { useNav } from '../../store/nav-store';
import { AccountMenu } from './account-menu';
import { SIDEBAR_WIDTH } from '../../lib/breakpoints';
import { useNewChat } from './use-new-chat';

/**
 * The left sidebar: 260 px on desktop (96 px collapsed), 320 px on mobile where it slides
 * over the page and hides when collapsed. The conversation list region is filled by the sidebar
 * feature; the account menu sits at the bottom.
 */
export function Sidebar({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const navVisible = useNav((s) => s.navVisible);
  const toggleNav = useNav((s) => s.toggleNav);
  const newChat = useNewChat();
  const { data: config } = useStartupConfig();
  const collapsed = !mobile && !navVisible;
  const width = mobile ? SIDEBAR_WIDTH.mobile : navVisible ? SIDEBAR_WIDTH.desktop : SIDEBAR_WIDTH.collapsed;

  return (
    <aside
      data-testid="sidebar"
      data-state={navVisible ? 'open' : 'closed'}
      aria-label={t('com_nav_sidebar')}
      aria-hidden={mobile && !navVisible ? true : undefined}
      style={{ width }}
      className={clsx(
        'flex shrink-0 flex-col border-e border-border bg-surface-muted dark:bg-surface-sunken',
        mobile
          ? 'fixed inset-y-0 start-0 z-40 max-w-[85vw] shadow-2xl transition-transform duration-200'
          : 'relative transition-[width] duration-200',
        mobile && !navVisible && 'invisible -translate-x-full rtl:translate-x-full',
      )}
    >
      <div className={clsx('flex h-14 items-center gap-2 px-3', collapsed && 'justify-center')}>
        {!collapsed && (
          <div className="flex min-w-0 flex-1 items-center gap-2 ps-1">
            <LogoMark className="size-7" />
            <span className="truncate text-[15px] font-semibold tracking-tight">
              {config?.appTitle ?? 'Parley'}
            </span>
          </div>
        )}
        <Button
          variant="ghost"
          size="icon"
          onClick={toggleNav}
          aria-label={t(navVisible ? 'com_nav_close_sidebar' : 'com_nav_open_sidebar')}
          aria-expanded={navVisible}
          data-testid="nav-toggle"
        >
          {navVisible ? (
            <PanelLeftClose className="size-5 rtl:-scale-x-100" aria-hidden />
          ) : (
            <PanelLeftOpen className="size-5 rtl:-scale-x-100" aria-hidden />
          )}
        </Button>
      </div>

      <div className={clsx('px-3 pb-2', collapsed && 'flex justify-center')}>
        {collapsed ? (
          <Button variant="ghost" size="icon" onClick={(e) => newChat(e)} aria-label={t('com_ui_new_chat')}>
            <SquarePen className="size-5" aria-hidden />
          </Button>
        ) : (
          <Button
            variant="secondary"
            className="w-full justify-start bg-surface dark:bg-surface-muted"
            onClick={(e) => newChat(e)}
            data-testid="new-chat"
          >
            <SquarePen className="size-4" aria-hidden />
            {t('com_ui_new_chat')}
          </Button>
        )}
      </div>

      {!collapsed && <SearchBox />}

      {!collapsed && <SidebarProjects />}

      <nav
        aria-label={t('com_ui_conversations')}
        data-slot="conversation-list"
        className={clsx('min-h-0 flex-1', collapsed && 'invisible')}
      >
        {!collapsed && <SidebarConversations />}
      </nav>

      <div className="border-t border-border p-3">
        <AccountMenu collapsed={collapsed} />
      </div>
    </aside>
  );
}
