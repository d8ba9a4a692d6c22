import { MEMORY_KEY_MAX, MEMORY_VALUE_MAX, type CreateMemory } from '@parley/schema';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/text-field';

/**
 * A memory's key and value, for adding one or changing one. The server checks both; its refusal
 * (a used key, the token limit) shows under the form and the typed text stays.
 */
export function MemoryForm(props: {
  initial?: CreateMemory;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (memory: CreateMemory) => void;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [key, setKey] = useState(props.initial?.key ?? '');
  const [value, setValue] = useState(props.initial?.value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ key: key.trim(), value: value.trim() });
  };
  return (
    <form onSubmit={submit} className="space-y-2" data-testid={props.testId}>
      <label htmlFor={`${id}-key`} className="sr-only">
        {t('memories.key')}
      </label>
      <input
        id={`${id}-key`}
        className={`${inputClasses} border-border-strong font-mono text-sm`}
        placeholder={t('memories.key_placeholder')}
        value={key}
        maxLength={MEMORY_KEY_MAX}
        onChange={(e) => setKey(e.target.value)}
        data-testid="memory-key-input"
      />
      <label htmlFor={`${id}-value`} className="sr-only">
        {t('memories.value')}
      </label>
      <textarea
        id={`${id}-value`}
        className={`${inputClasses} min-h-16 resize-y border-border-strong text-sm`}
        placeholder={t('memories.value_placeholder')}
        value={value}
        maxLength={MEMORY_VALUE_MAX}
        rows={2}
        onChange={(e) => setValue(e.target.value)}
        data-testid="memory-value-input"
      />
      {props.error && (
        <p role="alert" className="text-[13px] text-danger" data-testid="memory-form-error">
          {props.error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {props.onCancel && (
          <Button variant="ghost" size="sm" onClick={props.onCancel}>
            {t('com_ui_cancel')}
          </Button>
        )}
        <Button
          type="submit"
          size="sm"
          loading={props.pending}
          disabled={!key.trim() || !value.trim()}
          data-testid="memory-submit"
        >
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
