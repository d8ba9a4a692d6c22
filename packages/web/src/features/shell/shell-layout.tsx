import { clsx } from 'clsx';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { useStartupConfig } from '../../api/startup-queries';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { PageFallback } from '../../components/ui/page-fallback';
import { ShellSkeleton } from '../../components/ui/shell-skeleton';
import { loadAllStrings } from '../../i18n';
import { useAllStrings } from '../../i18n/use-all-strings';
import { MESSAGE_BOX_ID } from '../../lib/message-box-id';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNav } from '../../store/nav-store';
import { useShell } from '../../store/shell-store';
import { followSessionEnd, useRequireAuth } from '../auth';
import { BannerSlot } from '../banner';
import { usePendingDeletesAtStart } from '../files';
import { useLinkLanding } from '../settings';
import { chatKeys } from '../../api/chat-api';
import { followAnsweringTabs } from '../chat-run';
import { followOtherTabs } from '../conversations';
import { OfflineBanner } from '../network';
import { LazyShortcutsDialog, useGlobalShortcuts } from '../shortcuts';
import { TermsGate } from '../terms';
import { MOBILE_HEADER_MEDIA, MOBILE_MEDIA } from '../../lib/breakpoints';
import { MobileHeader } from './mobile-header';
import { Sidebar } from './sidebar';
import { useNewChat } from './use-new-chat';

// The shell's strings start loading as soon as its code does.
void loadAllStrings();

// Settings are heavy and rarely opened: their code loads on first open. If it cannot arrive, a
// small card says so with Retry; a click beside it closes it like the dialog would.
const SettingsDialog = lazyArea(
  () => import('../settings/settings-dialog'),
  (retry) => (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-overlay"
      onClick={(e) => e.target === e.currentTarget && useShell.getState().setSettingsOpen(false)}
    >
      <div className="rounded-2xl bg-surface shadow-lg">
        <AreaError onRetry={retry} />
      </div>
    </div>
  ),
).Area;

/** The signed-in application frame: sidebar, mobile header, banner, main pane, terms gate. */
export default function ShellLayout() {
  const status = useRequireAuth();

  // Only authenticated users see the shell; while the session is checked its outline stays.
  if (status === 'pending') return <ShellSkeleton />;
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <Shell />
    </Suspense>
  );
}

function Shell() {
  useAllStrings();
  usePendingDeletesAtStart();
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const mobileHeader = useMediaQuery(MOBILE_HEADER_MEDIA);
  const chatRoute = useMatch('/c/:conversationId?') !== null;
  const navVisible = useNav((s) => s.navVisible);
  const setNavVisible = useNav((s) => s.setNavVisible);
  const toggleNav = useNav((s) => s.toggleNav);
  const newChat = useNewChat();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useGlobalShortcuts({
    newChat: () => newChat(),
    focusComposer: () => document.getElementById(MESSAGE_BOX_ID)?.focus(),
    toggleSidebar: toggleNav,
    showShortcuts: () => setShortcutsOpen((open) => !open),
  });
  const settingsOpen = useShell((s) => s.settingsOpen);
  useLinkLanding();
  const { data: config } = useStartupConfig();
  // A chat started, renamed or removed in another tab of this browser shows in this sidebar too.
  const queryClient = useQueryClient();
  useEffect(() => followOtherTabs(queryClient), [queryClient]);
  // A log-out in another tab: this one says so and keeps its typed text (see session-end-channel).
  useEffect(() => followSessionEnd(), []);
  // Which conversations the other tabs are answering; when one that held a message here ends,
  // its messages are read again (the other tab's exchange is saved by then).
  useEffect(
    () =>
      followAnsweringTabs(
        (conversationId) =>
          void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) }),
      ),
    [queryClient],
  );

  return (
    <div data-shell-frame className="flex h-dvh overflow-hidden bg-surface text-fg">
      <a
        href={`#${MESSAGE_BOX_ID}`}
        data-testid="skip-to-composer"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(MESSAGE_BOX_ID)?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[70] focus:rounded-lg focus:bg-surface-raised focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        {t('com_ui_skip_to_composer')}
      </a>
      <Sidebar mobile={mobile} />
      {mobile && navVisible && (
        <button
          type="button"
          data-testid="nav-mask"
          aria-label={t('com_nav_close_sidebar')}
          onClick={() => setNavVisible(false)}
          className="animate-fade-in fixed inset-0 z-30 bg-overlay"
        />
      )}
      <div className={clsx('flex min-w-0 flex-1 flex-col')}>
        <OfflineBanner />
        <BannerSlot />
        {/* The chat view brings its own phone header (with its model controls): one header, not two. */}
        {mobileHeader && !chatRoute && <MobileHeader />}
        <main className="relative flex min-h-0 flex-1 flex-col">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <TermsGate />
      <LazyShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog
            interfaceConfig={config?.interface}
            balanceEnabled={config?.balance?.enabled === true}
          />
        </Suspense>
      )}
    </div>
  );
}
