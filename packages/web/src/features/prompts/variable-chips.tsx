import { parsePromptVariables } from '@parley/schema';
import { Braces } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The variables a text asks for, as chips: a dropdown variable shows its options. */
export function VariableChips({ text }: { text: string }) {
  const { t } = useTranslation();
  const variables = useMemo(() => parsePromptVariables(text), [text]);
  if (variables.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 pt-1" data-testid="variable-chips">
      <span className="flex items-center gap-1 text-xs font-medium text-fg-muted">
        <Braces className="size-3.5" aria-hidden />
        {t('prompts.variables')}
      </span>
      {variables.map((v) => (
        <span
          key={v.name}
          className="rounded-md bg-accent-soft px-1.5 py-0.5 font-mono text-[12px] text-accent"
          title={v.options?.join(' | ')}
        >
          {v.name}
          {v.options && <span className="text-accent/70">: {v.options.join(' | ')}</span>}
        </span>
      ))}
    </div>
  );
}
