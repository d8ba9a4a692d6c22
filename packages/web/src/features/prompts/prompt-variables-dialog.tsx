import { fillPromptVariables, parsePromptVariables, type PromptVariable } from '@parley/schema';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { Dialog } from '../../components/ui/dialog';
import { useAuth } from '../../store/auth-store';

/** Free-text variables grow up to 8 rows. */
export const VARIABLE_MAX_ROWS = 8;

export interface PromptVariablesDialogProps {
  /** The prompt to fill; null closes the dialog. */
  prompt: { name: string; text: string } | null;
  onClose: () => void;
  onSubmit: (filled: string) => void;
}

/**
 * The variable dialog: one field per variable, named once however often it appears;
 * `{{name:a|b}}` is a dropdown, others multi-line text. Special variables fill themselves, and
 * empty values leave their placeholder as written.
 */
export function PromptVariablesDialog({ prompt, onClose, onSubmit }: PromptVariablesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => !open && onClose()}
      title={prompt?.name ?? ''}
      description={t('prompts.variables_description')}
      closeLabel={t('com_ui_close')}
      testId="prompt-variables-dialog"
      className="max-w-xl"
    >
      {prompt && (
        <VariablesForm key={prompt.text} text={prompt.text} onSubmit={onSubmit} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function VariablesForm({
  text,
  onSubmit,
  onCancel,
}: {
  text: string;
  onSubmit: (filled: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const userName = useAuth((s) => s.user?.name);
  const variables = useMemo(() => parsePromptVariables(text), [text]);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((v) => [v.name, v.options?.[0] ?? ''])),
  );
  const fill = () => fillPromptVariables(text, values, { now: new Date(), userName });

  return (
    <form
      className="flex min-h-0 flex-col"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(fill());
      }}
    >
      <div className="min-h-0 space-y-4 overflow-y-auto px-6 py-2">
        {variables.map((variable, i) => (
          <VariableField
            key={variable.name}
            variable={variable}
            value={values[variable.name] ?? ''}
            autoFocus={i === 0}
            onChange={(value) => setValues((s) => ({ ...s, [variable.name]: value }))}
          />
        ))}
      </div>
      <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
        <Button variant="ghost" onClick={onCancel}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" data-testid="variables-submit">
          {t('prompts.variables_submit')}
        </Button>
      </div>
    </form>
  );
}

function VariableField(props: {
  variable: PromptVariable;
  value: string;
  autoFocus: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const { variable, value } = props;
  const area = useRef<HTMLTextAreaElement>(null);

  // Grows with its text up to 8 rows, then scrolls.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const line = parseFloat(getComputedStyle(el).lineHeight) || 22;
    const padding = el.offsetHeight - el.clientHeight + 16;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, line * VARIABLE_MAX_ROWS + padding)}px`;
  }, [value]);

  const field =
    'w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-[15px] leading-[22px] text-fg outline-none focus:border-accent focus:ring-3 focus:ring-accent/20';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-mono text-[13px] font-medium text-fg">
        {variable.name}
      </label>
      {variable.options ? (
        <Select
          id={id}
          value={value}
          options={variable.options.map((option) => ({ value: option, label: option }))}
          onChange={props.onChange}
          autoFocus={props.autoFocus}
          testId={`variable-${variable.name}`}
        />
      ) : (
        <textarea
          id={id}
          ref={area}
          rows={1}
          value={value}
          autoFocus={props.autoFocus}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={`variable-${variable.name}`}
          className={`${field} resize-none`}
        />
      )}
    </div>
  );
}
