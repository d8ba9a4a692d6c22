import { useVirtualizer } from '@tanstack/react-virtual';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { endWithinViewports } from '../../lib/scroll-paging';
import { SearchField } from './search-field';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Spinner } from './spinner';

/** Archived and shared-link searches wait 300 ms after the last keystroke. */
export const MANAGER_SEARCH_DEBOUNCE_MS = 300;

/** A settings row with a label (and description) on one side and its action on the other. */
export function SettingsActionRow({
  label,
  description,
  children,
}: {
  label: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <div className="text-sm font-medium text-fg">{label}</div>
        {description && <p className="mt-0.5 text-[13px] text-fg-muted">{description}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}

export function ManagerSearch({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
}) {
  return <SearchField value={value} onChange={onChange} label={label} testId={testId} />;
}

/** Data-table rows are 48 px tall; ten rows beyond each edge of the view stay rendered. */
export const DATA_TABLE_ROW_PX = 48;
export const DATA_TABLE_OVERSCAN = 10;

export interface ManagerPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The body of a manager list: spinner while loading, the 'no data' row when empty, else a
 * virtualised list of 48 px rows (only what is in view, plus the overscan, is in the page) that
 * loads its next page by itself while the end is within 1.5 viewport heights.
 */
export function ManagerList<T>({
  loading,
  rows,
  rowKey,
  renderRow,
  header,
  paging,
  testId,
}: {
  loading: boolean;
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderRow: (row: T) => ReactNode;
  header?: ReactNode;
  paging: ManagerPaging;
  testId?: string;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DATA_TABLE_ROW_PX,
    overscan: DATA_TABLE_OVERSCAN,
    getItemKey: (index) => rowKey(rows[index] as T),
  });
  useDataTablePaging(scrollRef, paging, rows.length);
  const body = loading ? (
    <div className="flex justify-center py-6">
      <Spinner className="size-5 text-fg-subtle" />
    </div>
  ) : rows.length === 0 ? (
    <p className="flex h-12 items-center justify-center text-sm text-fg-muted" data-testid="no-data">
      {t('com_ui_no_data')}
    </p>
  ) : (
    <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <li
          key={item.key}
          className="absolute inset-x-0 border-b border-border last:border-b-0"
          style={{ top: item.start, height: item.size }}
        >
          {renderRow(rows[item.index] as T)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl border border-border">
      {header}
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid={testId}>
        {body}
        {paging.isFetchingNextPage && (
          <div className="flex justify-center py-2" data-testid="manager-loading-more">
            <Spinner className="size-4 text-fg-subtle" />
          </div>
        )}
      </div>
    </div>
  );
}

/** Asks for the next page whenever the end comes within 1.5 viewport heights (on scroll and after each page). */
function useDataTablePaging(scrollRef: RefObject<HTMLElement | null>, paging: ManagerPaging, count: number) {
  const latest = useRef(paging);
  latest.current = paging;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const check = () => {
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest.current;
      if (hasNextPage && !isFetchingNextPage && endWithinViewports(el)) void fetchNextPage();
    };
    el.addEventListener('scroll', check, { passive: true });
    check();
    return () => el.removeEventListener('scroll', check);
  }, [scrollRef, count, paging.hasNextPage, paging.isFetchingNextPage]);
}

/** The delete button at the end of a manager's row, named after what it deletes. */
export function ManagerDeleteButton({
  title,
  onClick,
  testId,
}: {
  title: string;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 hover:text-danger"
      onClick={onClick}
      aria-label={t('com_ui_delete_named', { title })}
      data-testid={testId}
    >
      <Trash2 className="size-4" aria-hidden />
    </Button>
  );
}
