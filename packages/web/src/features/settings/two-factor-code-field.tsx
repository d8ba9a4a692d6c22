import { useId } from 'react';
import { inputClasses } from '../../components/ui/text-field';

export interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Also accept an 8-character backup code (disable, new backup codes). */
  allowBackup: boolean;
  testId?: string;
}

/** The code box of the two-factor dialogs: digits only, unless a backup code is allowed. */
export function CodeField({ label, value, onChange, allowBackup, testId }: CodeFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) =>
          onChange(allowBackup ? e.target.value.slice(0, 8) : e.target.value.replace(/\D/g, '').slice(0, 6))
        }
        inputMode={allowBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        placeholder={allowBackup ? '000000 / XXXXXXXX' : '000000'}
        maxLength={allowBackup ? 8 : 6}
        data-testid={testId}
        className={`${inputClasses} border-border-strong text-center font-mono text-xl tracking-[0.3em]`}
      />
    </div>
  );
}
