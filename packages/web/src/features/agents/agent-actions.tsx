import type { ActionAuth, AgentAction, ApiKeyPlacement, SaveActionBody } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField, inputClasses } from '../../components/ui/text-field';
import { showToast } from '../toasts';
import { ActionOAuthFields } from './action-oauth-fields';
import { oauthBody, oauthFormErrors, oauthFormOf, type ActionOAuthErrors } from './action-oauth-form';
import { agentKeys, agentsApi } from './agents-api';

/**
 * The builder's Actions section: the agent's OpenAPI tools, each with its domain and operations,
 * to add, change (document, auth, key) or delete. The server reads the document and answers why it
 * refuses one; that message is shown under the document.
 */
export function AgentActions({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: all = [] } = useQuery({ queryKey: agentKeys.actions, queryFn: agentsApi.actions });
  const actions = all.filter((a) => a.agent_id === agentId);
  const [editing, setEditing] = useState<AgentAction | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (actionId: string) => agentsApi.removeAction(agentId, actionId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.actions });
      showToast(t('agents.action_deleted'), 'success');
    },
    onError: (error) => showToast(apiErrorText(error, t('agents.action_error')), 'error'),
  });

  return (
    <fieldset className="space-y-1" data-testid="agent-actions">
      <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.actions')}</legend>
      {actions.map((action) => (
        <div
          key={action.action_id}
          className="flex items-center gap-2 rounded-lg border border-border px-2 py-1.5"
          data-testid="agent-action"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm">{action.domain}</span>
            <span className="block truncate text-xs text-fg-muted">
              {action.functions.map((f) => f.name).join(', ')}
            </span>
          </span>
          <button
            type="button"
            className="rounded p-1 text-fg-subtle hover:bg-surface-muted hover:text-fg"
            aria-label={t('agents.action_edit', { domain: action.domain })}
            onClick={() => setEditing(action)}
          >
            <Pencil className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            className="rounded p-1 text-fg-subtle hover:bg-surface-muted hover:text-danger"
            aria-label={t('agents.action_delete', { domain: action.domain })}
            onClick={() => remove.mutate(action.action_id)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        onClick={() => setEditing('new')}
        data-testid="agent-action-add"
      >
        <Plus className="size-4" aria-hidden />
        {t('agents.action_add')}
      </Button>
      {editing && (
        <ActionDialog
          agentId={agentId}
          action={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </fieldset>
  );
}

type AuthChoice = 'none' | ApiKeyPlacement | 'oauth';

function authChoiceOf(auth: ActionAuth | undefined): AuthChoice {
  if (auth?.type === 'oauth') return 'oauth';
  return auth?.type === 'service_http' ? auth.authorization_type : 'none';
}

function ActionDialog({
  agentId,
  action,
  onClose,
}: {
  agentId: string;
  action: AgentAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [spec, setSpec] = useState(action?.metadata.raw_spec ?? '');
  const [auth, setAuth] = useState<AuthChoice>(authChoiceOf(action?.metadata.auth));
  const [header, setHeader] = useState(
    action?.metadata.auth.type === 'service_http' ? (action.metadata.auth.custom_auth_header ?? '') : '',
  );
  const [apiKey, setApiKey] = useState('');
  const [oauth, setOAuth] = useState(() => oauthFormOf(action));
  const [oauthErrors, setOAuthErrors] = useState<ActionOAuthErrors>({});
  const clientSaved = Boolean(action?.metadata.oauth_client_set && action.metadata.auth.type === 'oauth');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: SaveActionBody) => agentsApi.saveAction(agentId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.actions });
      showToast(t('agents.action_saved'), 'success');
      onClose();
    },
    onError: (e) => setError(apiErrorText(e, t('agents.action_error'))),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setError(null);
    if (auth === 'oauth') {
      const errors = oauthFormErrors(oauth, clientSaved);
      setOAuthErrors(errors);
      if (Object.keys(errors).length > 0) return;
      save.mutate({
        ...(action ? { action_id: action.action_id } : {}),
        metadata: { raw_spec: spec, ...oauthBody(oauth) },
      });
      return;
    }
    const authBody: ActionAuth =
      auth === 'none'
        ? { type: 'none' }
        : {
            type: 'service_http',
            authorization_type: auth,
            ...(auth === 'custom' ? { custom_auth_header: header } : {}),
          };
    save.mutate({
      ...(action ? { action_id: action.action_id } : {}),
      metadata: { raw_spec: spec, auth: authBody, ...(apiKey ? { api_key: apiKey } : {}) },
    });
  };
  const keySaved = action?.metadata.api_key_set && authChoiceOf(action.metadata.auth) !== 'none';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={action ? t('agents.action_edit', { domain: action.domain }) : t('agents.action_add')}
      description={t('agents.action_hint')}
      closeLabel={t('com_ui_close')}
      className="max-w-xl"
      testId="agent-action-dialog"
    >
      <form onSubmit={submit} className="flex min-h-0 flex-col" noValidate>
        {/* The fields scroll (OAuth's are many); the buttons stay in view. */}
        <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-6 pt-1 pb-2">
          <div className="space-y-1.5">
            <label htmlFor="action-spec" className="block text-sm font-medium text-fg">
              {t('agents.action_spec')}
            </label>
            <textarea
              id="action-spec"
              value={spec}
              onChange={(e) => {
                setSpec(e.target.value);
                setError(null);
              }}
              rows={10}
              spellCheck={false}
              // An example of the JSON to paste: the same in every language.
              // eslint-disable-next-line parley/no-ui-literals
              placeholder='{"openapi": "3.1.0", "servers": [{"url": "https://api.example.com"}], "paths": {…}}'
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'action-error' : undefined}
              className={`${inputClasses} border-border-strong font-mono text-xs`}
              data-testid="agent-action-spec"
            />
            {error && (
              <p
                id="action-error"
                role="alert"
                className="text-[13px] text-danger"
                data-testid="agent-action-error"
              >
                {error}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <label htmlFor="action-auth" className="block text-sm font-medium text-fg">
              {t('agents.action_auth')}
            </label>
            <select
              id="action-auth"
              value={auth}
              onChange={(e) => setAuth(e.target.value as AuthChoice)}
              className={`${inputClasses} border-border-strong`}
              data-testid="agent-action-auth"
            >
              <option value="none">{t('agents.action_auth_none')}</option>
              <option value="bearer">{t('agents.action_auth_bearer')}</option>
              <option value="basic">{t('agents.action_auth_basic')}</option>
              <option value="custom">{t('agents.action_auth_custom')}</option>
              <option value="oauth">{t('agents.action_auth_oauth')}</option>
            </select>
          </div>
          {auth === 'custom' && (
            <TextField
              label={t('agents.action_header')}
              value={header}
              onChange={(e) => setHeader(e.target.value)}
              placeholder="X-Api-Key"
              data-testid="agent-action-header"
            />
          )}
          {auth === 'oauth' && (
            <ActionOAuthFields
              form={oauth}
              errors={oauthErrors}
              clientSaved={clientSaved}
              actionId={action?.action_id ?? null}
              onChange={(next) => {
                setOAuth(next);
                setOAuthErrors({});
                setError(null);
              }}
            />
          )}
          {auth !== 'none' && auth !== 'oauth' && (
            <TextField
              label={t('agents.action_key')}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              placeholder={keySaved ? t('agents.action_key_saved') : ''}
              data-testid="agent-action-key"
            />
          )}
        </div>
        <div className="flex shrink-0 justify-end gap-2 px-6 pt-2 pb-5">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!spec.trim()}
            data-testid="agent-action-save"
          >
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
