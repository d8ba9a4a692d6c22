import type { ToolEntry } from '@parley/schema';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../toasts';
import { useToolCredentials } from './tools-api';

/**
 * The credential dialog of a tool: one password field per credential the tool asks for, saved
 * encrypted for the caller only. A tool already set up can have single keys changed (the fields
 * left empty keep theirs) or its credentials removed.
 */
export function ToolCredentialsDialog({
  tool,
  open,
  onOpenChange,
}: {
  tool: ToolEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useToolCredentials();
  // Only the fields typed into are sent: an empty field keeps the key saved before. The first
  // time, every field is needed; once set up, changing any one is enough.
  const sent = Object.fromEntries(
    tool.authConfig.flatMap(({ authField }) => {
      const value = (values[authField] ?? '').trim();
      return value ? [[authField, value]] : [];
    }),
  );
  const count = Object.keys(sent).length;
  const filled = tool.authenticated ? count > 0 : count === tool.authConfig.length;

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
          onOpenChange(false);
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
    >
      <form onSubmit={submit} className="space-y-4 px-6 pt-2 pb-5" noValidate>
        {tool.authConfig.map((field) => (
          <TextField
            key={field.authField}
            label={field.label}
            hint={field.description}
            type="password"
            autoComplete="off"
            value={values[field.authField] ?? ''}
            onChange={(e) => setValues({ ...values, [field.authField]: e.target.value })}
            data-testid={`tool-credential-${field.authField}`}
          />
        ))}
        <div className="flex items-center justify-end gap-2 pt-1">
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
