import { clsx } from 'clsx';
import { CircleHelp, FolderOpen, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupConfig } from '../../api/startup-queries';
import { useAuth } from '../../store/auth-store';
import { useSettings } from '../../store/settings-store';
import { useShell } from '../../store/shell-store';
import { useLogout } from '../auth';
import { UserAvatar } from '../avatar';
import { helpLinkOf } from './help-link';

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * The account button at the bottom of the sidebar: avatar and name, My files, Administration (for
 * administrators), Settings, Help & FAQ, Log out.
 */
export function AccountMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const showUsername = useSettings((s) => s.UsernameDisplay);
  const openSettings = useShell((s) => s.setSettingsOpen);
  const logout = useLogout();
  const navigate = useNavigate();
  const helpLink = helpLinkOf(useStartupConfig().data?.helpAndFaqURL);
  const name = user?.name || user?.username || user?.email || '';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="account-menu"
        aria-label={t('com_nav_account_menu')}
        className={clsx(
          'flex w-full items-center gap-2.5 rounded-xl p-1.5 text-start outline-none hover:bg-surface-sunken focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface-muted',
          collapsed && 'justify-center',
        )}
      >
        <UserAvatar name={name} src={user?.avatar ?? null} />
        {!collapsed && (
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{name}</span>
            {showUsername && user?.username && (
              <span className="block truncate text-xs text-fg-muted">
                {/* Isolated, so the "@" stays in front of the name in a right-to-left page. */}
                <bdi>@{user.username}</bdi>
              </span>
            )}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          className="animate-fade-in z-50 min-w-56 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
        >
          {user?.email && (
            <div className="truncate px-2.5 pt-1.5 pb-2 text-xs text-fg-muted">{user.email}</div>
          )}
          <DropdownMenu.Item className={ITEM} onSelect={() => void navigate('/d/files')}>
            <FolderOpen className="size-4 text-fg-muted" aria-hidden />
            {t('com_ui_my_files')}
          </DropdownMenu.Item>
          {user?.role === 'ADMIN' && (
            <DropdownMenu.Item
              className={ITEM}
              data-testid="open-admin"
              onSelect={() => void navigate('/admin')}
            >
              <ShieldCheck className="size-4 text-fg-muted" aria-hidden />
              {t('com_nav_admin_console')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={ITEM} onSelect={() => openSettings(true)}>
            <Settings className="size-4 text-fg-muted" aria-hidden />
            {t('com_nav_settings')}
          </DropdownMenu.Item>
          {helpLink && (
            <DropdownMenu.Item
              className={ITEM}
              data-testid="help-and-faq"
              onSelect={() => window.open(helpLink, '_blank', 'noopener,noreferrer')}
            >
              <CircleHelp className="size-4 text-fg-muted" aria-hidden />
              {t('com_nav_help_faq')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} onSelect={() => void logout()}>
            <LogOut className="size-4 text-fg-muted" aria-hidden />
            {t('com_nav_log_out')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
