import { PROMPT_LIMITS } from '@parley/schema';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';

import { useCategoryOptions } from './category-meta';
import { commandInput } from './prompt-form-rules';

export function CategorySelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const options = useCategoryOptions();
  // A custom category the server knows but the list does not still shows as chosen.
  const all = options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
  return (
    <Select
      value={value}
      options={all}
      onChange={onChange}
      ariaLabel={t('prompts.category_label')}
      testId="prompt-category"
      className={className}
    />
  );
}

/** The description (oneliner): at most 120 characters, with a counter. */
export function OnelinerField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const max = PROMPT_LIMITS.oneliner;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t('prompts.oneliner_label')}
        </label>
        <span
          className={clsx('text-xs tabular-nums', value.length >= max ? 'text-danger' : 'text-fg-subtle')}
          data-testid="oneliner-counter"
        >
          {value.length}/{max}
        </span>
      </div>
      <input
        id={id}
        value={value}
        maxLength={max}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
        placeholder={t('prompts.oneliner_placeholder')}
        data-testid="prompt-oneliner"
        className="h-10 w-full rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-3 focus:ring-accent/20"
      />
    </div>
  );
}

/** The slash command: normalised while typing and cut at 56 characters. */
export function CommandField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {t('prompts.command_label')}
      </label>
      <div className="flex h-10 items-center rounded-lg border border-border-strong bg-surface focus-within:border-accent focus-within:ring-3 focus-within:ring-accent/20">
        <span className="ps-3 font-mono text-sm text-fg-subtle" aria-hidden>
          /
        </span>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(commandInput(e.target.value))}
          placeholder={t('prompts.command_placeholder')}
          data-testid="prompt-command"
          className="h-full min-w-0 flex-1 bg-transparent ps-0.5 pe-3 font-mono text-sm text-fg outline-none placeholder:font-sans placeholder:text-fg-subtle"
        />
      </div>
      <p className="text-xs text-fg-subtle">{t('prompts.command_hint')}</p>
    </div>
  );
}

export const textAreaClasses =
  'block w-full resize-y rounded-xl border bg-surface px-3.5 py-3 font-mono text-[13.5px] leading-6 text-fg outline-none ' +
  'placeholder:font-sans placeholder:text-fg-subtle focus:border-accent focus:ring-3 focus:ring-accent/20';
