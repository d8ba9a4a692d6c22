import { clsx } from 'clsx';
import { Search } from 'lucide-react';

/** A filter box: magnifier icon, the label as placeholder and (hidden) accessible name. */
export function SearchField({
  value,
  onChange,
  label,
  testId,
  size = 'md',
  className = 'block',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
  /** `sm` for narrow side panels. */
  size?: 'sm' | 'md';
  /** Classes of the wrapper (its width in the surrounding layout). */
  className?: string;
}) {
  return (
    <label className={clsx('relative', className)}>
      <span className="sr-only">{label}</span>
      <Search
        className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        data-testid={testId}
        className={clsx(
          size === 'sm' ? 'h-8' : 'h-9',
          'w-full rounded-lg border border-border-strong bg-surface ps-8 pe-2 text-sm text-fg outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-3 focus:ring-accent/20',
        )}
      />
    </label>
  );
}
