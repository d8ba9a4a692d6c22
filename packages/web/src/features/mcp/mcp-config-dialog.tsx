import type { McpCustomUserVar } from '@parley/schema';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../toasts';
import { useMcpAuthValues, useSaveMcpVars } from './mcp-api';
import { useMcpSelection } from './mcp-selection';

export interface McpConfigDialogProps {
  server: string;
  vars: Record<string, McpCustomUserVar>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the values were saved: connect with them. */
  onSaved: () => void;
}

/**
 * The MCP server config dialog: one field per custom variable (title, description), each marked
 * "set" or "unset" from the server's flags; Save
 * stores the values (every field is needed), Revoke removes them and takes the server out of the
 * conversations' choices (its tools cannot load without them).
 */
export function McpConfigDialog({ server, vars, open, onOpenChange, onSaved }: McpConfigDialogProps) {
  const { t } = useTranslation();
  const flags = useMcpAuthValues(server, open);
  const save = useSaveMcpVars(server);
  const [values, setValues] = useState<Record<string, string>>({});
  const allSet = Object.keys(vars).every((f) => flags.data?.[f]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim()));
    try {
      await save.mutateAsync(filled);
      setValues({});
      onOpenChange(false);
      showToast(t('com_ui_mcp_vars_updated', { serverName: server }), 'success');
      onSaved();
    } catch {
      showToast(t('com_ui_mcp_vars_update_error', { serverName: server }), 'error');
    }
  };
  const revoke = async () => {
    try {
      await save.mutateAsync(null);
      useMcpSelection.getState().removeEverywhere(server);
      setValues({});
      onOpenChange(false);
      showToast(t('com_ui_mcp_vars_updated', { serverName: server }), 'success');
    } catch {
      showToast(t('com_ui_mcp_vars_update_error', { serverName: server }), 'error');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_ui_mcp_configure_server', { serverName: server })}
      description={t('com_ui_mcp_configure_description')}
      testId="mcp-config-dialog"
      closeLabel={t('com_ui_close')}
    >
      <form className="space-y-4 px-6 pt-2 pb-6" onSubmit={(e) => void submit(e)}>
        {Object.entries(vars).map(([field, v]) => {
          const set = Boolean(flags.data?.[field]);
          return (
            <div key={field} className="space-y-1">
              <div className="flex items-center justify-between text-xs">
                <span className="sr-only">{v.title}</span>
                <span
                  data-testid={`mcp-var-flag-${field}`}
                  className={set ? 'ml-auto font-medium text-success' : 'ml-auto text-fg-subtle'}
                >
                  {set ? t('com_ui_set') : t('com_ui_unset')}
                </span>
              </div>
              <TextField
                label={v.title}
                hint={v.description}
                type="password"
                autoComplete="off"
                value={values[field] ?? ''}
                onChange={(e) => setValues((all) => ({ ...all, [field]: e.target.value }))}
                placeholder={
                  set
                    ? t('com_ui_mcp_update_var', { title: v.title })
                    : t('com_ui_mcp_enter_var', { title: v.title })
                }
              />
            </div>
          );
        })}
        <div className="flex justify-end gap-2">
          {allSet && (
            <Button
              type="button"
              variant="danger-outline"
              onClick={() => void revoke()}
              disabled={save.isPending}
            >
              {t('com_ui_revoke')}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
