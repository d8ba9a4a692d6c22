import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/logo';
import { buttonClasses } from '../../components/ui/button';
import { useAuth } from '../../store/auth-store';

/**
 * The shared view's top bar: the app's name, which leads home, and a way in — "Start your own
 * chat" for a reader without a session (the link goes through sign-in), "New chat" for one with.
 */
export function ShareHeader({ appTitle }: { appTitle: string }) {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.status) === 'authenticated';
  return (
    <header className="border-b border-border" data-testid="share-header">
      <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-semibold text-fg"
          data-testid="share-home"
        >
          <LogoMark className="size-6 shrink-0" />
          <span className="truncate">{appTitle}</span>
        </Link>
        <Link
          to={signedIn ? '/c/new' : '/login'}
          className={buttonClasses('primary', 'sm', 'shrink-0')}
          data-testid="share-start-chat"
        >
          {signedIn ? t('com_ui_new_chat') : t('com_ui_share_start_own')}
        </Link>
      </div>
    </header>
  );
}
