import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

import { showToast } from '../toasts';
import { CategorySelect, CommandField, OnelinerField, textAreaClasses } from './prompt-fields';
import {
  EMPTY_PROMPT_FORM,
  canSubmitPromptForm,
  createPromptBody,
  validatePromptForm,
  type PromptFormValues,
} from './prompt-form-rules';
import { BackToList } from './back-to-list';
import { usePromptsUi } from './prompts-store';
import { VariableChips } from './variable-chips';
import { usePromptPermissionRedirect } from './use-prompt-access';
import { useCreatePrompt } from './use-prompt-mutations';

/** Examples shown in the hints; passed as values so i18next does not read them as its own. */
const PLACEHOLDER_EXAMPLES = {
  free: '{{name}}',
  choice: '{{tone:formal|casual}}',
  special: '{{current_date}}',
};

/** /d/prompts/new: name and text required; on success the address becomes the group. */
export default function CreatePromptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { allowed, checking } = usePromptPermissionRedirect('CREATE');
  const lastCategory = usePromptsUi((s) => s.lastCategory);
  const setLastCategory = usePromptsUi((s) => s.setLastCategory);

  // The last-used category is remembered and is where the form starts.
  const [initial] = useState<PromptFormValues>(() => ({ ...EMPTY_PROMPT_FORM, category: lastCategory }));
  const [values, setValues] = useState<PromptFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof PromptFormValues, boolean>>>({});
  const create = useCreatePrompt();

  if (checking) return null;
  if (!allowed) return <p className="m-auto text-sm text-fg-muted">{t('prompts.not_allowed_create')}</p>;

  const errors = validatePromptForm(values);
  const set = (key: keyof PromptFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const touch = (key: keyof PromptFormValues) => setTouched((s) => ({ ...s, [key]: true }));
  const shown = (key: keyof PromptFormValues) => (touched[key] && errors[key] ? t(errors[key]) : undefined);
  const canSubmit = canSubmitPromptForm(values, create.isPending, initial);

  const submit = () => {
    if (!canSubmit) return;
    create.mutate(createPromptBody(values), {
      onSuccess: (result) => void navigate(`/d/prompts/${result.prompt.groupId}`, { replace: true }),
      onError: () => showToast(t('prompts.create_error'), 'error'),
    });
  };

  return (
    <form
      className="min-h-0 flex-1 overflow-y-auto"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="create-prompt-form"
      noValidate
    >
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
        <div className="space-y-2">
          <BackToList />
          <h2 className="text-xl font-semibold tracking-tight">{t('prompts.create_title')}</h2>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
          <TextField
            label={t('prompts.name_label')}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            onBlur={() => touch('name')}
            error={shown('name')}
            placeholder={t('prompts.name_placeholder')}
            data-testid="prompt-name"
            autoFocus
          />
          <div className="space-y-1.5">
            <span className="block text-sm font-medium text-fg">{t('prompts.category_label')}</span>
            <CategorySelect
              value={values.category}
              onChange={(c) => {
                set('category', c);
                setLastCategory(c);
              }}
              className="[&_select]:h-[46px]"
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="prompt-text" className="block text-sm font-medium text-fg">
            {t('prompts.text_label')}
          </label>
          <textarea
            id="prompt-text"
            value={values.prompt}
            onChange={(e) => set('prompt', e.target.value)}
            onBlur={() => touch('prompt')}
            rows={10}
            placeholder={t('prompts.text_placeholder', PLACEHOLDER_EXAMPLES)}
            aria-invalid={shown('prompt') ? true : undefined}
            data-testid="prompt-text"
            className={`${textAreaClasses} ${shown('prompt') ? 'border-danger' : 'border-border-strong'}`}
          />
          {shown('prompt') ? (
            <p role="alert" className="text-[13px] text-danger">
              {shown('prompt')}
            </p>
          ) : (
            <p className="text-xs text-fg-subtle">{t('prompts.text_hint', PLACEHOLDER_EXAMPLES)}</p>
          )}
          <VariableChips text={values.prompt} />
        </div>
        <OnelinerField value={values.oneliner} onChange={(v) => set('oneliner', v)} />
        <CommandField value={values.command} onChange={(v) => set('command', v)} />
        <div className="flex justify-end gap-2 pt-2">
          <Link to="/d/prompts" className={buttonClasses('ghost')}>
            {t('com_ui_cancel')}
          </Link>
          <Button
            type="submit"
            disabled={!canSubmit}
            loading={create.isPending}
            data-testid="create-prompt-submit"
          >
            {t('prompts.create_submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
