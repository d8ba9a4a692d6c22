import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStartupConfig } from '../../api/startup-queries';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAllStrings } from '../../i18n/use-all-strings';
import { useSettings } from '../../store/settings-store';
import { RemoteImageShareScope } from '../markdown';
import { buildTree, visiblePath, type SiblingChoices } from '../messages';
import { shareApi, shareKeys } from './share-api';
import { ShareFooter } from './share-footer';
import { ShareHeader } from './share-header';
import { longDate, sharePageTitle } from './share-format';
import { SharedMessageList } from './shared-message-list';

/**
 * /share/{shareId}: the public, read-only view of a shared conversation — no login.
 * Title, long US date, the message tree with its branches (virtualised: a share may hold
 * thousands of messages), the footer, or "shared link not found" when the link is gone or has
 * no messages.
 */
export default function SharePage() {
  useAllStrings();
  const { t, i18n } = useTranslation();
  const { shareId = '' } = useParams();
  const { data: config } = useStartupConfig();
  const fontSize = useSettings((s) => s.fontSize);
  const shared = useQuery({
    queryKey: shareKeys.shared(shareId),
    queryFn: () => shareApi.shared(shareId),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [choices, setChoices] = useState<SiblingChoices>({});
  const messages = useMemo(() => shared.data?.messages ?? [], [shared.data]);
  const path = useMemo(() => visiblePath(buildTree(messages), choices), [messages, choices]);
  const onSibling = useCallback(
    (parentKey: string, index: number, count: number) =>
      setChoices((c) => ({ ...c, [parentKey]: { index, count } })),
    [],
  );

  useEffect(() => {
    const title = sharePageTitle(shared.data?.title, config?.appTitle);
    if (!title) return;
    // After the root layout's own title effect, which sets the bare app title when the config loads.
    const timer = window.setTimeout(() => (document.title = title), 0);
    return () => window.clearTimeout(timer);
  }, [shared.data?.title, config?.appTitle]);

  const found = shared.isSuccess && messages.length > 0;
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg" data-testid="share-page">
      <ShareHeader appTitle={config?.appTitle ?? 'Parley'} />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4">
        {shared.isPending ? (
          <div className="flex flex-1 items-center justify-center" data-testid="share-loading">
            <Spinner className="size-6 text-fg-muted" />
          </div>
        ) : !found ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
            <p className="text-base text-fg-muted" data-testid="share-not-found">
              {t('com_ui_shared_link_not_found')}
            </p>
            <p className="max-w-sm text-sm text-fg-subtle">{t('com_ui_shared_link_not_found_hint')}</p>
            <Link to="/" className={buttonClasses('secondary', 'sm')} data-testid="share-not-found-home">
              {t('com_ui_share_go_home', { app: config?.appTitle ?? 'Parley' })}
            </Link>
          </div>
        ) : (
          <>
            <header className="border-b border-border pt-8 pb-5">
              <h1 className="text-2xl font-semibold tracking-tight break-words" data-testid="share-title">
                {shared.data.title || t('com_ui_untitled')}
              </h1>
              <p className="mt-1 text-sm text-fg-muted" data-testid="share-date">
                {longDate(shared.data.createdAt, i18n.language)}
              </p>
            </header>
            <div className={`py-4 ${fontSize}`} data-testid="share-messages">
              <RemoteImageShareScope shareId={shareId}>
                <SharedMessageList path={path} onSibling={onSibling} />
              </RemoteImageShareScope>
            </div>
          </>
        )}
      </main>
      <ShareFooter config={config} />
    </div>
  );
}
