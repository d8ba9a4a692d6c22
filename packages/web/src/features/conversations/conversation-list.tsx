import type { Conversation } from '@parley/schema';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { formatYear } from '../../i18n/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNav } from '../../store/nav-store';
import { MOBILE_MEDIA } from '../../lib/breakpoints';
import { isShortcut, onMac } from '../shortcuts';
import { LOAD_MORE_DEBOUNCE_MS, createListRows, nearEnd, type ListRow } from './conversation-rows';
import { useConversationList } from './conversations-api';
import { monthLabel, type DateGroupKey } from './date-groups';

/** Rows 34 px (44 px on small screens), overscan 10. */
export const ROW_PX = { desktop: 34, mobile: 44 } as const;
const HEADER_PX = 34;

export interface ConversationListProps {
  /** The conversations feature adds each row's options menu here. */
  renderRowMenu?: (conversation: Conversation) => ReactNode;
  /** Lets the conversations feature wrap the title link (double-click) or swap it for a rename input. */
  renderTitle?: (conversation: Conversation, link: ReactNode) => ReactNode;
  /** Shows only conversations carrying any of these bookmarks. */
  tags?: string[];
  /** Opens a row's options menu from the keyboard (→, the menu key or Shift+F10 on its link). */
  onRowMenu?: (conversationId: string) => void;
}

/** Header labels, each worked out once per language (a month name builds an Intl formatter). */
function useGroupLabel() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const labels = new Map<DateGroupKey, string>();
    const labelOf = (key: DateGroupKey) => {
      if (key.startsWith('month:')) return monthLabel(Number(key.slice(6)), language);
      if (key.startsWith('year:')) return formatYear(Number(key.slice(5)), language);
      return t(key);
    };
    return (key: DateGroupKey) => {
      let label = labels.get(key);
      if (label === undefined) {
        label = labelOf(key);
        labels.set(key, label);
      }
      return label;
    };
  }, [t, language]);
}

/**
 * The sidebar's conversations: newest first, grouped by date, virtualised, paged by cursor.
 * Everything a row needs that comes from hooks (translations, route, navigation) is read once
 * here and handed to memoised rows, so scrolling re-renders only the rows that appear.
 */
export function ConversationList({ renderRowMenu, renderTitle, tags, onRowMenu }: ConversationListProps) {
  const { t } = useTranslation();
  const groupLabel = useGroupLabel();
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const navigate = useNavigate();
  const { conversationId: current } = useParams();
  const setNavVisible = useNav((s) => s.setNavVisible);
  const query = useConversationList(tags);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [toRows] = useState(createListRows);
  const rows = useMemo(
    () => toRows(query.data?.pages.flatMap((p) => p.conversations) ?? [], new Date()),
    [query.data, toRows],
  );
  const rowPx = mobile ? ROW_PX.mobile : ROW_PX.desktop;
  // Stable between data changes: the virtualizer recomputes every offset when these change.
  const estimateSize = useCallback(
    (i: number) => (rows[i]?.kind === 'header' ? HEADER_PX : rowPx),
    [rows, rowPx],
  );
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 10,
    getItemKey,
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

  const open = useCallback(
    (e: MouseEvent, href: string) => {
      // Ctrl/Cmd-click opens it in a new tab, as a link does.
      if (e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      void navigate(href);
      if (mobile) setNavVisible(false);
    },
    [navigate, mobile, setNavVisible],
  );
  const untitled = t('com_ui_untitled');
  const roving = useRovingRows(
    rows,
    current,
    scrollRef,
    (index) => virtualizer.scrollToIndex(index),
    onRowMenu,
  );

  return (
    <div
      ref={scrollRef}
      className="h-full overflow-y-auto px-3 py-1"
      data-testid="conversation-list"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
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
          return row.kind === 'header' ? (
            <HeaderRow key={item.key} start={item.start} size={item.size} label={groupLabel(row.group)} />
          ) : (
            <ConversationRow
              key={item.key}
              start={item.start}
              size={item.size}
              conversation={row.conversation}
              active={current === row.conversation.conversationId}
              tabStop={roving.stop === row.conversation.conversationId}
              untitled={untitled}
              onOpen={open}
              renderRowMenu={renderRowMenu}
              renderTitle={renderTitle}
            />
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

/** Where a virtual row sits; its own element so a row that did not move keeps its props. */
function Slot({ start, size, children }: { start: number; size: number; children: ReactNode }) {
  return (
    <div className="absolute inset-x-0 top-0" style={{ height: size, transform: `translateY(${start}px)` }}>
      {children}
    </div>
  );
}

const HeaderRow = memo(function HeaderRow({
  start,
  size,
  label,
}: {
  start: number;
  size: number;
  label: string;
}) {
  return (
    <Slot start={start} size={size}>
      <h3
        className="flex h-full items-end px-2 pb-1.5 text-xs font-medium text-fg-subtle"
        data-testid="date-group"
      >
        {label}
      </h3>
    </Slot>
  );
});

interface ConversationRowProps {
  start: number;
  size: number;
  conversation: Conversation;
  active: boolean;
  /** The list's one tab stop (arrow keys move it between rows). */
  tabStop: boolean;
  untitled: string;
  onOpen: (e: MouseEvent, href: string) => void;
  renderRowMenu?: ConversationListProps['renderRowMenu'];
  renderTitle?: ConversationListProps['renderTitle'];
}

/** Memoised: its props only change when the conversation, the active row or the language does. */
const ConversationRow = memo(function ConversationRow({
  start,
  size,
  conversation,
  active,
  tabStop,
  untitled,
  onOpen,
  renderRowMenu,
  renderTitle,
}: ConversationRowProps) {
  const href = `/c/${conversation.conversationId}`;
  const title = conversation.title || untitled;
  const link = (
    <a
      href={href}
      onClick={(e) => onOpen(e, href)}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabStop ? 0 : -1}
      data-conversation-id={conversation.conversationId}
      className="flex h-full min-w-0 flex-1 items-center rounded-lg px-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="conversation-row"
      title={title}
    >
      {/* A title keeps its own direction: an English title in an Arabic sidebar is cut at its end. */}
      <span dir="auto" className="truncate">
        {title}
      </span>
    </a>
  );

  return (
    <Slot start={start} size={size}>
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
    </Slot>
  );
});

const ROW_SELECTOR = '[data-testid="conversation-row"]';

/**
 * One tab stop for the whole list (roving tabindex): the row last focused, else the open
 * conversation's, else the first. ↑ ↓ Home End move it between rows — scrolling the virtualised
 * list first when the row is not rendered yet — and the row-menu keys open the row's menu.
 */
function useRovingRows(
  rows: ListRow[],
  current: string | undefined,
  scrollRef: RefObject<HTMLDivElement | null>,
  scrollToIndex: (index: number) => void,
  onRowMenu: ((conversationId: string) => void) | undefined,
) {
  const [focused, setFocused] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const ids = useMemo(
    () =>
      rows.flatMap((row, index) =>
        row.kind === 'header' ? [] : [{ id: row.conversation.conversationId, index }],
      ),
    [rows],
  );
  const has = (id: string | null | undefined) => Boolean(id) && ids.some((row) => row.id === id);
  const stop = has(focused) ? focused : has(current) ? current! : (ids[0]?.id ?? null);

  // A row moved to by key may render a frame later (virtualised): focus it once it is there.
  useEffect(() => {
    if (!pending.current) return;
    const link = scrollRef.current?.querySelector<HTMLElement>(
      `${ROW_SELECTOR}[data-conversation-id="${CSS.escape(pending.current)}"]`,
    );
    if (!link) return;
    pending.current = null;
    link.focus();
  });

  const onFocus = useCallback((e: FocusEvent) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>(ROW_SELECTOR)?.dataset.conversationId;
    if (id) setFocused(id);
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const link = e.target as HTMLElement;
      if (!link.matches(ROW_SELECTOR)) return;
      const id = link.dataset.conversationId!;
      const mac = onMac();
      if (isShortcut('rowMenu', e, mac)) {
        if (!onRowMenu) return;
        e.preventDefault();
        onRowMenu(id);
        return;
      }
      if (!isShortcut('moveInList', e, mac) || ids.length === 0) return;
      const at = ids.findIndex((row) => row.id === id);
      const next =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? ids.length - 1
            : Math.min(ids.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
      e.preventDefault();
      const target = ids[next]!;
      setFocused(target.id);
      pending.current = target.id;
      scrollToIndex(target.index);
    },
    [ids, onRowMenu, scrollToIndex],
  );

  return { stop, onFocus, onKeyDown };
}
