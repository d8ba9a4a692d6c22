import { useId } from 'react';
import { Select } from './select';

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
      <Select
        id={id}
        value={value}
        options={options}
        onChange={onChange}
        testId={testId}
        className="max-w-48"
      />
    </div>
  );
}
