import { fillPromptVariables, hasPromptVariables } from '@parley/schema';
import { useCallback, useState, type ReactNode } from 'react';
import { useAuth } from '../../store/auth-store';
import { PromptVariablesDialog } from './prompt-variables-dialog';

export interface RunnablePrompt {
  name: string;
  productionPrompt: { prompt: string } | null;
}

/**
 * Running a prompt from the chat: a blank text does nothing; a text with variables opens
 * the variable dialog; any other is sent at once, with its special variables filled.
 */
export function useRunPrompt(submit: (text: string) => void): {
  run: (group: RunnablePrompt) => void;
  dialog: ReactNode;
} {
  const userName = useAuth((s) => s.user?.name);
  const [pending, setPending] = useState<{ name: string; text: string } | null>(null);

  const run = useCallback(
    (group: RunnablePrompt) => {
      const text = group.productionPrompt?.prompt ?? '';
      if (text.trim() === '') return;
      if (hasPromptVariables(text)) {
        setPending({ name: group.name, text });
        return;
      }
      submit(fillPromptVariables(text, {}, { now: new Date(), userName }));
    },
    [submit, userName],
  );

  const dialog = (
    <PromptVariablesDialog
      prompt={pending}
      onClose={() => setPending(null)}
      onSubmit={(filled) => {
        setPending(null);
        submit(filled);
      }}
    />
  );
  return { run, dialog };
}
