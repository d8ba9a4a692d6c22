import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "n / total" between previous and next. `index` counts back from the newest sibling,
 * so the newest shows as total / total; previous is disabled at the first, next at the last.
 */
export function SiblingNav({
  index,
  count,
  onChange,
}: {
  index: number;
  count: number;
  onChange: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  const position = count - index;
  const btn =
    'flex size-7 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg disabled:pointer-events-none disabled:opacity-35';
  return (
    <div className="flex items-center text-xs text-fg-muted tabular-nums" data-testid="sibling-nav">
      <button
        type="button"
        className={btn}
        disabled={position <= 1}
        onClick={() => onChange(index + 1)}
        aria-label={t('com_ui_previous_sibling')}
        data-testid="sibling-prev"
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      </button>
      <span data-testid="sibling-position">
        {position} / {count}
      </span>
      <button
        type="button"
        className={btn}
        disabled={position >= count}
        onClick={() => onChange(index - 1)}
        aria-label={t('com_ui_next_sibling')}
        data-testid="sibling-next"
      >
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </button>
    </div>
  );
}
