import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';

export interface SelectProps {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Ties the select to a visible label (`htmlFor`); otherwise give it `ariaLabel`. */
  id?: string;
  ariaLabel?: string;
  testId?: string;
  autoFocus?: boolean;
  /** `sm` for compact toolbars (page size), `md` for form fields. */
  size?: 'sm' | 'md';
  /** Width and placement of the select's box. */
  className?: string;
}

const SIZES = {
  sm: 'h-7 rounded-md ps-2 pe-6 text-xs',
  md: 'h-9 rounded-lg ps-3 pe-8 text-sm',
};

/**
 * A native select styled like the other fields, with its own chevron: native, so it is
 * accessible, keyboard-friendly and uses the phone's own picker.
 */
export function Select({
  value,
  options,
  onChange,
  id,
  ariaLabel,
  testId,
  autoFocus,
  size = 'md',
  className,
}: SelectProps) {
  return (
    <div className={clsx('relative', className)}>
      <select
        id={id}
        value={value}
        aria-label={ariaLabel}
        data-testid={testId}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        className={clsx(
          'w-full appearance-none border border-border-strong bg-surface text-fg outline-none focus:border-accent focus:ring-3 focus:ring-accent/20',
          SIZES[size],
        )}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className={clsx(
          'pointer-events-none absolute top-1/2 -translate-y-1/2 text-fg-subtle',
          size === 'sm' ? 'end-1.5 size-3.5' : 'end-2.5 size-4',
        )}
        aria-hidden
      />
    </div>
  );
}
