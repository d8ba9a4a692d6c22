import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses, type TextFieldProps } from '../../components/ui/text-field';
import { passwordStrength, type PasswordStrength } from './password-strength';

const STRENGTH_STYLE: Record<PasswordStrength, { bars: number; tone: string }> = {
  short: { bars: 0, tone: 'bg-border-strong' },
  weak: { bars: 1, tone: 'bg-danger' },
  fair: { bars: 2, tone: 'bg-amber-500' },
  strong: { bars: 3, tone: 'bg-success' },
};

/**
 * A new-password input for registration and reset: a button shows or hides what was typed, and
 * under it a three-bar hint says how strong the password looks (advice only; the server's rule is
 * eight characters). The validation message, when there is one, replaces the hint.
 */
export function PasswordField({ label, error, value, className, id, ...rest }: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const [visible, setVisible] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const strength = passwordStrength(text);
  const style = STRENGTH_STYLE[strength];
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || text ? messageId : undefined}
          className={clsx(inputClasses, 'pe-11', error ? 'border-danger' : 'border-border-strong')}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('com_auth_hide_password') : t('com_auth_show_password')}
          data-testid={`${inputId}-visibility`}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-fg-muted outline-none hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      {error ? (
        <p id={messageId} role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      ) : text ? (
        <div
          id={messageId}
          className="flex items-center gap-2"
          data-testid="password-strength"
          data-strength={strength}
        >
          <div className="flex flex-1 gap-1" aria-hidden>
            {[1, 2, 3].map((bar) => (
              <span
                key={bar}
                className={clsx(
                  'h-1 flex-1 rounded-full',
                  bar <= style.bars ? style.tone : 'bg-surface-muted',
                )}
              />
            ))}
          </div>
          <span className="text-[13px] text-fg-muted">{t(`com_auth_password_strength_${strength}`)}</span>
        </div>
      ) : null}
    </div>
  );
}
