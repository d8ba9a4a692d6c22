import { Trash2 } from 'lucide-react';
import { SearchField } from './search-field';
import type { ReactNode } from 'react';
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

/** The body of a manager list: spinner while loading, the 'no data' row when empty, else rows. */
export function ManagerList({
  loading,
  empty,
  children,
  more,
}: {
  loading: boolean;
  empty: boolean;
  children: ReactNode;
  more?: { has: boolean; fetching: boolean; fetch: () => void };
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto rounded-xl border border-border">
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner className="size-5 text-fg-subtle" />
        </div>
      ) : empty ? (
        <p className="flex h-12 items-center justify-center text-sm text-fg-muted" data-testid="no-data">
          {t('com_ui_no_data')}
        </p>
      ) : (
        <ul className="divide-y divide-border">{children}</ul>
      )}
      {more?.has && (
        <div className="flex justify-center border-t border-border py-2">
          <Button variant="ghost" size="sm" loading={more.fetching} onClick={more.fetch}>
            {t('com_ui_load_more')}
          </Button>
        </div>
      )}
    </div>
  );
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
