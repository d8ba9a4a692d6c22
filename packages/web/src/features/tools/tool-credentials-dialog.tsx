import type { ToolAuthField, ToolEntry } from '@parley/schema';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectRow } from '../../components/ui/select-row';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../toasts';
import { useToolCredentials } from './tools-api';

/** The names of the choices and of the options that are not a vendor's name. */
function choiceLabel(t: TFunction, name: string): string {
  const labels: Record<string, string> = {
    searchProvider: t('tools.choice_search_provider'),
    scraperType: t('tools.choice_scraper'),
    rerankerType: t('tools.choice_reranker'),
  };
  return labels[name] ?? name;
}
function optionLabel(t: TFunction, option: { value: string; label: string }): string {
  if (option.value === 'builtin') return t('tools.option_builtin_reader');
  if (option.value === 'none') return t('tools.option_no_reranker');
  return option.label;
}

/** A field is asked for when it belongs to every pick, or to one of the options picked. */
const isShown = (field: ToolAuthField, picks: Record<string, string>) =>
  !field.shownFor || field.shownFor.some(({ choice, value }) => picks[choice] === value);

/**
 * The credential dialog of a tool: the options the tool lets its user pick (web search's search
 * provider, scraper and reranker, where the server leaves them open), then one password field per
 * credential the picks need, saved encrypted for the caller only. A key already saved can be kept
 * by leaving its field empty; a tool set up can have its credentials removed.
 */
export function ToolCredentialsDialog({
  tool,
  open,
  onOpenChange,
  onSaved,
}: {
  tool: ToolEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the credentials are saved (a toggle that opened the dialog turns its tool on). */
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<Record<string, string>>({});
  const save = useToolCredentials();
  const choices = tool.choices ?? [];
  const picks = Object.fromEntries(choices.map((c) => [c.name, picked[c.name] ?? c.value]));
  const changedPicks = Object.fromEntries(
    choices.flatMap((c) => (picks[c.name] !== c.value ? [[c.name, picks[c.name]!]] : [])),
  );
  const shown = tool.authConfig.filter((field) => isShown(field, picks));
  const saved = new Set(tool.savedFields ?? []);
  // Only the fields typed into are sent: an empty field keeps the key saved before. Every field
  // the picks need must be typed or saved; something must have changed.
  const typed = Object.fromEntries(
    shown.flatMap(({ authField }) => {
      const value = (values[authField] ?? '').trim();
      return value ? [[authField, value]] : [];
    }),
  );
  const sent = { ...changedPicks, ...typed };
  const complete = shown.every((f) => typed[f.authField] || saved.has(f.authField));
  const filled = complete && (Object.keys(sent).length > 0 || !tool.authenticated);

  const fail = (error: unknown) => showToast(apiErrorText(error, t('tools.credentials_error')), 'error');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!filled) return;
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'install', auth: sent, isEntityTool: true },
      {
        onSuccess: () => {
          showToast(t('tools.credentials_saved', { name: tool.name }), 'success');
          setValues({});
          setPicked({});
          onOpenChange(false);
          onSaved?.();
        },
        onError: fail,
      },
    );
  };
  const revoke = () =>
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'uninstall', isEntityTool: true },
      {
        onSuccess: () => {
          showToast(t('tools.credentials_removed', { name: tool.name }), 'success');
          onOpenChange(false);
        },
        onError: fail,
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('tools.credentials_title', { name: tool.name })}
      description={t('tools.credentials_hint')}
      closeLabel={t('com_ui_close')}
      testId="tool-credentials-dialog"
      className="max-w-[500px]"
    >
      <form onSubmit={submit} className="space-y-4 px-6 pt-2 pb-5" noValidate>
        {choices.length > 0 && (
          <div className="divide-y divide-border rounded-lg border border-border px-3">
            {choices.map((choice) => (
              <SelectRow
                key={choice.name}
                label={choiceLabel(t, choice.name)}
                value={picks[choice.name]!}
                options={choice.options.map((o) => ({ value: o.value, label: optionLabel(t, o) }))}
                onChange={(value) => setPicked({ ...picked, [choice.name]: value })}
                testId={`tool-choice-${choice.name}`}
              />
            ))}
          </div>
        )}
        {shown.map((field) => (
          <TextField
            key={field.authField}
            label={field.label}
            hint={
              saved.has(field.authField)
                ? `${field.description} ${t('tools.credential_saved')}`
                : field.description
            }
            type="password"
            autoComplete="off"
            value={values[field.authField] ?? ''}
            onChange={(e) => setValues({ ...values, [field.authField]: e.target.value })}
            data-testid={`tool-credential-${field.authField}`}
          />
        ))}
        <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
          {tool.authenticated && (
            <Button
              type="button"
              variant="danger-outline"
              className="me-auto"
              onClick={revoke}
              disabled={save.isPending}
              data-testid="tool-credentials-revoke"
            >
              {t('tools.credentials_revoke')}
            </Button>
          )}
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!filled}
            data-testid="tool-credentials-save"
          >
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
