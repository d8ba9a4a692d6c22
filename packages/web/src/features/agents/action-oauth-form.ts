import type { ActionAuth, AgentAction, ACTION_TOKEN_EXCHANGE_METHODS } from '@parley/schema';

export type TokenExchangeMethod = (typeof ACTION_TOKEN_EXCHANGE_METHODS)[number];

/** The OAuth part of the action dialog as typed; the client id and secret are write-only. */
export interface ActionOAuthForm {
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  method: TokenExchangeMethod;
  clientId: string;
  clientSecret: string;
}

/** Which field a message belongs to, as an i18n key. */
export type ActionOAuthErrors = Partial<Record<keyof ActionOAuthForm, string>>;

/** The same limits the server's schema applies, so most mistakes are shown before saving. */
const URL_LIMIT = 2_000;
const SCOPE_LIMIT = 1_000;
const CLIENT_LIMIT = 10_000;

export function oauthFormOf(action: AgentAction | null): ActionOAuthForm {
  const auth = action?.metadata.auth;
  const oauth = auth?.type === 'oauth' ? auth : null;
  return {
    authorizationUrl: oauth?.authorization_url ?? '',
    tokenUrl: oauth?.client_url ?? '',
    scope: oauth?.scope ?? '',
    method: oauth?.token_exchange_method ?? 'default_post',
    clientId: '',
    clientSecret: '',
  };
}

function urlError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return 'agents.oauth_url_required';
  if (text.length > URL_LIMIT) return 'agents.oauth_url_too_long';
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:' ? undefined : 'agents.oauth_url_invalid';
  } catch {
    return 'agents.oauth_url_invalid';
  }
}

/**
 * The form's mistakes by field (empty when it may be sent). A client id is needed unless one is
 * already saved (then an empty field keeps it).
 */
export function oauthFormErrors(form: ActionOAuthForm, clientSaved: boolean): ActionOAuthErrors {
  const errors: ActionOAuthErrors = {};
  const authorization = urlError(form.authorizationUrl);
  if (authorization) errors.authorizationUrl = authorization;
  const token = urlError(form.tokenUrl);
  if (token) errors.tokenUrl = token;
  if (form.scope.length > SCOPE_LIMIT) errors.scope = 'agents.oauth_scope_too_long';
  if (!form.clientId.trim() && !clientSaved) errors.clientId = 'agents.oauth_client_id_required';
  if (form.clientId.length > CLIENT_LIMIT) errors.clientId = 'agents.oauth_client_too_long';
  if (form.clientSecret.length > CLIENT_LIMIT) errors.clientSecret = 'agents.oauth_client_too_long';
  return errors;
}

/** The auth and client fields of the save request. */
export function oauthBody(form: ActionOAuthForm): {
  auth: ActionAuth;
  oauth_client_id?: string;
  oauth_client_secret?: string;
} {
  const clientId = form.clientId.trim();
  return {
    auth: {
      type: 'oauth',
      authorization_url: form.authorizationUrl.trim(),
      client_url: form.tokenUrl.trim(),
      ...(form.scope.trim() ? { scope: form.scope.trim() } : {}),
      token_exchange_method: form.method,
    },
    ...(clientId ? { oauth_client_id: clientId } : {}),
    ...(form.clientSecret ? { oauth_client_secret: form.clientSecret } : {}),
  };
}
