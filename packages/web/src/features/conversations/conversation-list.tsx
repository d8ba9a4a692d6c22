import type { Conversation } from '@parley/schema';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNav } from '../../store/nav-store';
import { MOBILE_MEDIA } from '../shell/breakpoints';
import { LOAD_MORE_DEBOUNCE_MS, listRows, nearEnd, type ListRow } from './conversation-rows';
import { useConversationList } from './conversations-api';
import { monthLabel, type DateGroupKey } from './date-groups';

/** 002 §9: rows 34 px (44 px on small screens), overscan 10. */
export const ROW_PX = { desktop: 34, mobile: 44 } as const;
const HEADER_PX = 34;

export interface ConversationListProps {
  /** The conversations feature adds each row's options menu here. */
  renderRowMenu?: (conversation: Conversation) => ReactNode;
  /** Lets the conversations feature wrap the title link (double-click) or swap it for a rename input. */
  renderTitle?: (conversation: Conversation, link: ReactNode) => ReactNode;
  /** Shows only conversations carrying any of these bookmarks. */
  tags?: string[];
}

function useGroupLabel() {
  const { t, i18n } = useTranslation();
  return (key: DateGroupKey) => {
    if (key.startsWith('month:')) return monthLabel(Number(key.slice(6)), i18n.language);
    if (key.startsWith('year:')) return key.slice(5);
    return t(key);
  };
}

/** The sidebar's conversations: newest first, grouped by date, virtualised, paged by cursor. */
export function ConversationList({ renderRowMenu, renderTitle, tags }: ConversationListProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const query = useConversationList(tags);
  const scrollRef = useRef<HTMLDivElement>(null);
  const conversations = useMemo(() => query.data?.pages.flatMap((p) => p.conversations) ?? [], [query.data]);
  const rows = useMemo(() => listRows(conversations, new Date()), [conversations]);
  const rowPx = mobile ? ROW_PX.mobile : ROW_PX.desktop;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'header' ? HEADER_PX : rowPx),
    overscan: 10,
    getItemKey: (i) => rows[i]?.key ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => virtualizer.measure(), [rowPx, virtualizer]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || !nearEnd(lastIndex, rows.length)) return;
    const timer = window.setTimeout(() => void fetchNextPage(), LOAD_MORE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto px-3 py-1" data-testid="conversation-list">
      {query.isPending && (
        <div className="flex justify-center py-4">
          <Spinner className="size-5 text-fg-subtle" />
        </div>
      )}
      {query.isSuccess && rows.length === 0 && (
        <p className="px-2 py-3 text-sm text-fg-subtle">{t('com_ui_no_conversations')}</p>
      )}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              className="absolute inset-x-0 top-0"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <Row row={row} renderRowMenu={renderRowMenu} renderTitle={renderTitle} mobile={mobile} />
            </div>
          );
        })}
      </div>
      {isFetchingNextPage && (
        <div className="flex justify-center py-2">
          <Spinner className="size-4 text-fg-subtle" />
        </div>
      )}
    </div>
  );
}

function Row({
  row,
  renderRowMenu,
  renderTitle,
  mobile,
}: {
  row: ListRow;
  renderRowMenu?: ConversationListProps['renderRowMenu'];
  renderTitle?: ConversationListProps['renderTitle'];
  mobile: boolean;
}) {
  const label = useGroupLabel();
  if (row.kind === 'header') {
    return (
      <h3
        className="flex h-full items-end px-2 pb-1.5 text-xs font-medium text-fg-subtle"
        data-testid="date-group"
      >
        {label(row.group)}
      </h3>
    );
  }
  return (
    <ConversationRow
      conversation={row.conversation}
      renderRowMenu={renderRowMenu}
      renderTitle={renderTitle}
      mobile={mobile}
    />
  );
}

function ConversationRow({
  conversation,
  renderRowMenu,
  renderTitle,
  mobile,
}: {
  conversation: Conversation;
  renderRowMenu?: ConversationListProps['renderRowMenu'];
  renderTitle?: ConversationListProps['renderTitle'];
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { conversationId: current } = useParams();
  const setNavVisible = useNav((s) => s.setNavVisible);
  const active = current === conversation.conversationId;
  const href = `/c/${conversation.conversationId}`;

  const open = (e: MouseEvent) => {
    // Ctrl/Cmd-click opens it in a new tab, as a link does (002 §2).
    if (e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    void navigate(href);
    if (mobile) setNavVisible(false);
  };

  const link = (
    <a
      href={href}
      onClick={open}
      aria-current={active ? 'page' : undefined}
      className="flex h-full min-w-0 flex-1 items-center rounded-lg px-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="conversation-row"
      title={conversation.title || t('com_ui_untitled')}
    >
      <span className="truncate">{conversation.title || t('com_ui_untitled')}</span>
    </a>
  );

  return (
    <div
      className={clsx(
        'group/row flex h-full items-center rounded-lg text-sm',
        active
          ? 'bg-surface-sunken text-fg dark:bg-surface-raised'
          : 'text-fg-muted hover:bg-surface-sunken hover:text-fg dark:hover:bg-surface-muted',
      )}
    >
      {renderTitle ? renderTitle(conversation, link) : link}
      {renderRowMenu?.(conversation)}
    </div>
  );
}
