import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const inputClasses =
  'block w-full rounded-lg border bg-surface px-3 py-2.5 text-[15px] text-fg placeholder:text-fg-subtle ' +
  'transition-colors outline-none focus:border-accent focus:ring-3 focus:ring-accent/20 ' +
  'disabled:opacity-60';

/** A labelled input with its validation message wired up through aria-describedby. */
export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={clsx(inputClasses, error ? 'border-danger' : 'border-border-strong')}
        {...rest}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-[13px] text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
