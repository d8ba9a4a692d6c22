import { MessageSquare } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupConfig } from '../../api/startup-queries';
import { Spinner } from '../../components/ui/spinner';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { ChatTopBar } from '../top-bar';
import { showToast } from '../toasts';
import { useSearchResults } from './search-api';
import { useSearchStore } from './search-store';
import { groupHits, type GroupedHit } from './group-hits';
import { HighlightedSnippet } from './highlighted-snippet';
import { revealHit } from './reveal-hit';

/**
 * /search: the messages matching the sidebar query, each opening its
 * conversation. No message box here — sending under the search view is refused by design.
 */
export default function SearchView() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const query = useSearchStore((s) => s.debouncedQuery);
  const typing = useSearchStore((s) => s.isTyping);
  const results = useSearchResults(query);
  const hits = useMemo(() => results.data?.pages.flatMap((p) => p.messages) ?? [], [results.data]);
  const grouped = useMemo(() => groupHits(hits), [hits]);
  const scrollRef = useRef<HTMLElement>(null);
  useInfiniteScroll(scrollRef, results, hits.length);

  useEffect(() => {
    document.title = `${t('com_ui_search_results')} · ${config?.appTitle ?? 'Parley'}`;
  }, [t, config?.appTitle]);

  useEffect(() => {
    if (results.isError) showToast(t('com_ui_search_error'), 'error');
  }, [results.isError, t]);

  const loading = typing || (query.length > 0 && results.isPending);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ChatTopBar loading={false} />
      <section
        ref={scrollRef}
        aria-label={t('com_ui_search_results')}
        aria-busy={loading || undefined}
        className="mx-auto w-full max-w-3xl flex-1 overflow-y-auto px-4 pb-6"
        data-testid="search-results"
      >
        {loading ? (
          <div className="flex justify-center py-10" data-testid="search-loading">
            <Spinner className="size-6 text-fg-muted" />
          </div>
        ) : !query ? (
          <p className="py-10 text-center text-sm text-fg-muted">{t('com_ui_search_hint')}</p>
        ) : hits.length === 0 ? (
          <div className="py-10 text-center text-sm text-fg-muted" data-testid="search-empty">
            <p className="font-medium text-fg">{t('com_ui_search_nothing_for', { query })}</p>
            <p className="mx-auto mt-2 max-w-md">{t('com_ui_search_try')}</p>
          </div>
        ) : (
          <>
            <h2 className="pt-4 pb-2 text-xs font-medium text-fg-subtle">
              {t('com_ui_search_count', { count: hits.length, more: results.hasNextPage ? '+' : '' })}
            </h2>
            <ul className="space-y-2">
              {grouped.map((group) => (
                <SearchHit key={group.hit.messageId} group={group} />
              ))}
            </ul>
            {results.isFetchingNextPage && (
              <div className="flex justify-center pt-4" data-testid="search-loading-more">
                <Spinner className="size-5 text-fg-muted" />
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function SearchHit({ group }: { group: GroupedHit }) {
  const { hit, similar } = group;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const href = `/c/${hit.conversationId}`;
  return (
    <li>
      <a
        href={href}
        onClick={(e) => {
          if (e.ctrlKey || e.metaKey) return;
          e.preventDefault();
          // The conversation opens on the branch that holds the hit, scrolled to it.
          void revealHit(hit).then(() => navigate(href));
        }}
        className="block rounded-xl border border-border bg-surface px-4 py-3 outline-none hover:border-border-strong hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring dark:bg-surface-muted dark:hover:bg-surface-raised"
        data-testid="search-hit"
      >
        <div className="mb-1 flex items-center gap-2 text-sm">
          <MessageSquare className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-medium text-fg">
            {hit.title || t('com_ui_untitled')}
          </span>
          <span className="shrink-0 text-xs text-fg-subtle">
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(hit.createdAt))}
          </span>
        </div>
        <div className="mb-0.5 text-xs text-fg-subtle">
          {hit.isCreatedByUser ? t('com_ui_you') : hit.sender}
        </div>
        <HighlightedSnippet html={hit.snippet} />
        {similar > 0 && (
          <div className="mt-1 text-xs text-fg-subtle" data-testid="search-hit-similar">
            {t('com_ui_search_similar', { count: similar })}
          </div>
        )}
      </a>
    </li>
  );
}
