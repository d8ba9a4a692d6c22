import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSearchEnabled } from './search-api';
import { useSearchStore } from './search-store';

/**
 * The sidebar search box, shown only when the server enables search. Typing goes to
 * /search (replace); clearing it, or Backspace on an empty box, goes back to /c/new.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const enabled = useSearchEnabled();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useSearchStore((s) => s.query);
  const { type, reset, setSearching } = useSearchStore.getState();
  if (!enabled) return null;

  const leave = () => {
    reset();
    void navigate('/c/new');
  };
  const change = (value: string) => {
    if (value === '') {
      leave();
      return;
    }
    type(value);
    if (pathname !== '/search') void navigate('/search', { replace: true });
  };

  return (
    <div className="relative px-3 pb-2" role="search">
      <Search
        className="pointer-events-none absolute start-5.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden
        style={{ marginTop: -4 }}
      />
      <input
        type="text"
        value={query}
        placeholder={t('com_nav_search_placeholder')}
        aria-label={t('com_nav_search_placeholder')}
        data-testid="search-input"
        onChange={(e) => change(e.target.value)}
        onFocus={() => setSearching(true)}
        onBlur={() => setSearching(false)}
        onKeyDown={(e) => {
          if (e.key === 'Backspace' && e.currentTarget.value === '') leave();
        }}
        className="h-9 w-full rounded-lg border border-border bg-surface ps-8.5 pe-8 text-sm text-fg outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-3 focus:ring-accent/20 dark:bg-surface-muted"
      />
      {query && (
        <button
          type="button"
          onClick={leave}
          aria-label={t('com_ui_clear_search')}
          className="absolute end-4.5 top-1/2 flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-fg-subtle hover:text-fg"
          style={{ marginTop: -4 }}
          data-testid="search-clear"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
