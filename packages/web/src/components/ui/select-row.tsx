import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

export interface SelectRowProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId?: string;
}

/** A settings row with a native select: small, accessible and keyboard-friendly on every device. */
export function SelectRow({ label, value, options, onChange, testId }: SelectRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 max-w-48 appearance-none rounded-lg border border-border-strong bg-surface py-1 ps-3 pe-8 text-sm text-fg outline-none focus:border-accent focus:ring-3 focus:ring-accent/20"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden
        />
      </div>
    </div>
  );
}
