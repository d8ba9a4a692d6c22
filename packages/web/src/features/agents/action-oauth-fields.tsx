import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { TextField, inputClasses } from '../../components/ui/text-field';
import type { ActionOAuthErrors, ActionOAuthForm, TokenExchangeMethod } from './action-oauth-form';

/**
 * The OAuth settings of an action: where users sign in, the token URL, scope, how the client
 * secret is sent, and the client itself (write-only: a saved one is never shown, an empty field
 * keeps it). Once the action is saved, the callback URL to register at the authorization server.
 */
export function ActionOAuthFields({
  form,
  errors,
  clientSaved,
  actionId,
  onChange,
}: {
  form: ActionOAuthForm;
  errors: ActionOAuthErrors;
  clientSaved: boolean;
  actionId: string | null;
  onChange: (form: ActionOAuthForm) => void;
}) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const set = (field: keyof ActionOAuthForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [field]: e.target.value });
  const error = (field: keyof ActionOAuthForm) => (errors[field] ? t(errors[field]) : undefined);
  const origin = config?.serverDomain || window.location.origin;

  return (
    <div className="space-y-3" data-testid="agent-action-oauth">
      <TextField
        label={t('agents.oauth_client_id')}
        autoComplete="off"
        value={form.clientId}
        onChange={set('clientId')}
        placeholder={clientSaved ? t('agents.action_key_saved') : ''}
        error={error('clientId')}
        data-testid="agent-action-oauth-client-id"
      />
      <TextField
        label={t('agents.oauth_client_secret')}
        type="password"
        autoComplete="off"
        value={form.clientSecret}
        onChange={set('clientSecret')}
        placeholder={clientSaved ? t('agents.oauth_secret_saved') : ''}
        error={error('clientSecret')}
        hint={t('agents.oauth_secret_hint')}
        data-testid="agent-action-oauth-client-secret"
      />
      <TextField
        label={t('agents.oauth_authorization_url')}
        type="url"
        value={form.authorizationUrl}
        onChange={set('authorizationUrl')}
        placeholder="https://auth.example.com/authorize"
        error={error('authorizationUrl')}
        data-testid="agent-action-oauth-authorization-url"
      />
      <TextField
        label={t('agents.oauth_token_url')}
        type="url"
        value={form.tokenUrl}
        onChange={set('tokenUrl')}
        placeholder="https://auth.example.com/token"
        error={error('tokenUrl')}
        data-testid="agent-action-oauth-token-url"
      />
      <TextField
        label={t('agents.oauth_scope')}
        value={form.scope}
        onChange={set('scope')}
        placeholder="read write"
        error={error('scope')}
        data-testid="agent-action-oauth-scope"
      />
      <div className="space-y-1.5">
        <label htmlFor="action-oauth-method" className="block text-sm font-medium text-fg">
          {t('agents.oauth_method')}
        </label>
        <select
          id="action-oauth-method"
          value={form.method}
          onChange={(e) => onChange({ ...form, method: e.target.value as TokenExchangeMethod })}
          className={`${inputClasses} border-border-strong`}
          data-testid="agent-action-oauth-method"
        >
          <option value="default_post">{t('agents.oauth_method_post')}</option>
          <option value="basic_auth_header">{t('agents.oauth_method_basic')}</option>
        </select>
      </div>
      <p className="text-[13px] text-fg-muted" data-testid="agent-action-oauth-callback">
        {actionId
          ? t('agents.oauth_callback', { url: `${origin}/api/actions/${actionId}/oauth/callback` })
          : t('agents.oauth_callback_after_save')}
      </p>
    </div>
  );
}
