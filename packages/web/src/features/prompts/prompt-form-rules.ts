import { COMMANDS_MAX_LENGTH, PROMPT_LIMITS, normalizePromptCommand } from '@parley/schema';
import type { CreatePromptInput } from './prompts-api';

/** The create form's fields. */
export interface PromptFormValues {
  name: string;
  prompt: string;
  category: string;
  oneliner: string;
  command: string;
}

export const EMPTY_PROMPT_FORM: PromptFormValues = {
  name: '',
  prompt: '',
  category: '',
  oneliner: '',
  command: '',
};

/** Field → i18n key of its message; an empty object means the form is valid. */
export type PromptFormErrors = Partial<Record<keyof PromptFormValues, string>>;

export function validatePromptForm(values: PromptFormValues): PromptFormErrors {
  const errors: PromptFormErrors = {};
  if (values.name.trim() === '') errors.name = 'prompts.name_required';
  if (values.prompt.trim() === '') errors.prompt = 'prompts.text_required';
  if (values.oneliner.length > PROMPT_LIMITS.oneliner) errors.oneliner = 'prompts.oneliner_too_long';
  return errors;
}

/** What the command field keeps of the typed text: normalised and cut at 56. */
export function commandInput(typed: string): string {
  return normalizePromptCommand(typed).slice(0, COMMANDS_MAX_LENGTH);
}

/** Dirty means some field differs from where the form started. */
export function isFormDirty(
  values: PromptFormValues,
  initial: PromptFormValues = EMPTY_PROMPT_FORM,
): boolean {
  return (Object.keys(values) as (keyof PromptFormValues)[]).some((k) => values[k] !== initial[k]);
}

/** Submit only when dirty, valid and not already submitting. */
export function canSubmitPromptForm(
  values: PromptFormValues,
  submitting: boolean,
  initial: PromptFormValues = EMPTY_PROMPT_FORM,
): boolean {
  return !submitting && isFormDirty(values, initial) && Object.keys(validatePromptForm(values)).length === 0;
}

/** The create payload; empty oneliner and command are left out. */
export function createPromptBody(values: PromptFormValues): CreatePromptInput {
  const oneliner = values.oneliner.trim();
  const command = values.command.trim();
  return {
    prompt: { prompt: values.prompt, type: 'text' },
    group: {
      name: values.name.trim(),
      category: values.category,
      ...(oneliner ? { oneliner } : {}),
      ...(command ? { command } : {}),
    },
  };
}
