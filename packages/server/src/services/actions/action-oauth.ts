import { randomBytes } from 'node:crypto';
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationFull,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ActionAuth, McpOAuthError } from '@parley/schema';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import { OAuthCallbackError } from '../tools/oauth-callback-error.ts';
import { SignInRequired, type SignInWaits } from '../tools/tool-sign-in.ts';
import { readBounded } from '../web-search/upstream-call.ts';

/**
 * The MCP SDK's OAuth client (PKCE, code exchange, refresh), imported on the first sign-in or
 * refresh: with the SDK's zod schemas it is several MB a server whose actions use no OAuth would
 * otherwise hold from the start.
 */
const oauthClient = () => import('@modelcontextprotocol/sdk/client/auth.js');

/** How long a started sign-in waits for its callback. */
export const ACTION_OAUTH_FLOW_TTL_MS = 10 * 60_000;
/** A token this close to its expiry is refreshed before a call rather than sent and refused. */
const EXPIRY_MARGIN_MS = 30_000;
/** The most of a token endpoint's answer that is read: a token answer is a few hundred bytes. */
export const TOKEN_ANSWER_LIMIT = 64 * 1024;
/** How long the token endpoint has to answer. */
const TOKEN_TIMEOUT_MS = 15_000;

/** An OAuth action as its sign-in needs it: the auth settings and the decrypted client. */
export interface OAuthAction {
  id: string;
  domain: string;
  auth: Extract<ActionAuth, { type: 'oauth' }>;
  client: { client_id: string; client_secret?: string };
}

/** A user's tokens for one action, as stored (encrypted) with the tool credentials. */
interface StoredTokens {
  access_token: string;
  refresh_token?: string;
  /** Epoch ms; absent when the token endpoint gave no lifetime. */
  expires_at?: number;
}

interface PendingFlow {
  userId: string;
  actionId: string;
  codeVerifier: string;
  startedAt: number;
}

/** Why a callback could not complete; `reason` names the error page's `?error=`. */
export class ActionOAuthCallbackError extends OAuthCallbackError {}

/**
 * The key of a user's tokens for an action among the tool credentials: it has a `:`, which no
 * tool name has, so POST /api/user/plugins can neither read nor overwrite it.
 */
const tokensKey = (actionId: string) => `action-oauth:${actionId}`;
/** The key tool calls wait on for a user's sign-in to an action. */
export const actionSignInKey = (actionId: string) => `action:${actionId}`;

export interface ActionOAuthOptions {
  credentials: ToolCredentialStore;
  /** The guarded client: the token endpoint is a URL a user (the agent's author) chose. */
  http: GuardedHttpClient;
  signIns: SignInWaits;
  /** Parley's public origin: the callback is `{origin}/api/actions/{action_id}/oauth/callback`. */
  publicOrigin: string;
}

/**
 * OAuth 2.1 for actions whose OpenAPI auth is `oauth`: the authorization code flow with PKCE
 * (S256) against the action's authorization and token URLs, with the client its author
 * registered. Each user signs in for themselves, in the chat (the call waits in the "requires
 * auth" state with the authorization URL, as an MCP server's does); their tokens are kept per user
 * and action, encrypted, refreshed when they expire, and sent as `Authorization: Bearer`. The
 * token endpoint is called through the guarded client, so it cannot be, or redirect to, a private
 * address. Pending sign-ins (state → user, action, verifier) live in this process for 10 minutes,
 * one use each.
 */
export class ActionOAuth {
  private readonly flows = new Map<string, PendingFlow>();

  constructor(private readonly options: ActionOAuthOptions) {}

  /**
   * The token endpoint's fetch: the guarded client (no private address, no redirect to one), a
   * time limit, and an answer larger than TOKEN_ANSWER_LIMIT refused before it is parsed.
   */
  private readonly tokenFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const response = await this.options.http.fetch(input, {
      ...init,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const { bytes, complete } = await readBounded(response, TOKEN_ANSWER_LIMIT);
    if (!complete) throw new Error(`the token endpoint's answer is larger than ${TOKEN_ANSWER_LIMIT} bytes`);
    return new Response(new TextDecoder().decode(bytes), {
      status: response.status,
      headers: response.headers,
    });
  }) as typeof fetch;

  callbackUrl(actionId: string): string {
    return `${this.options.publicOrigin}/api/actions/${encodeURIComponent(actionId)}/oauth/callback`;
  }

  /**
   * The user's access token for the action, refreshed first when it expired; throws
   * SignInRequired (with a new authorization URL) when there is none or the refresh is refused.
   */
  async accessToken(userId: string, action: OAuthAction): Promise<string> {
    const stored = await this.tokens(userId, action.id);
    if (stored && !expired(stored)) return stored.access_token;
    if (stored?.refresh_token) {
      try {
        const { refreshAuthorization } = await oauthClient();
        const tokens = await refreshAuthorization(action.auth.client_url, {
          metadata: serverMetadata(action),
          clientInformation: clientInformation(action),
          refreshToken: stored.refresh_token,
          fetchFn: this.tokenFetch,
        });
        return (await this.save(userId, action.id, tokens)).access_token;
      } catch {
        // Refused or unreachable: the user signs in again.
      }
    }
    await this.forgetTokens(userId, action.id);
    throw await this.signInRequired(userId, action);
  }

  /** The API refused the token: forget it and ask for a sign-in. */
  async refused(userId: string, action: OAuthAction): Promise<SignInRequired> {
    await this.forgetTokens(userId, action.id);
    return this.signInRequired(userId, action);
  }

  /**
   * The authorization server's redirect back: finds the waiting sign-in by its state (once; a
   * replayed, unknown, expired or other action's state is refused), exchanges the code with the
   * PKCE verifier and stores the tokens, then wakes that user's calls waiting for it.
   */
  async complete(
    actionId: string,
    query: { code?: string; state?: string; error?: string },
    findAction: (id: string) => Promise<OAuthAction | null>,
  ): Promise<{ userId: string; action: OAuthAction }> {
    if (!query.state) throw new ActionOAuthCallbackError('missing_state', 'The sign-in answer has no state');
    const flow = this.flows.get(query.state);
    // Consumed now, before any await: the same answer sent twice completes at most once.
    this.flows.delete(query.state);
    if (!flow || flow.actionId !== actionId || Date.now() - flow.startedAt > ACTION_OAUTH_FLOW_TTL_MS)
      throw new ActionOAuthCallbackError(
        'invalid_state',
        'The sign-in answer does not belong to a waiting sign-in',
      );
    const fail = (reason: McpOAuthError, message: string) => {
      this.options.signIns.settle(flow.userId, actionSignInKey(actionId), 'failed');
      return new ActionOAuthCallbackError(reason, message);
    };
    if (query.error) throw fail('callback_failed', `The server refused the sign-in: ${query.error}`);
    if (!query.code) throw fail('missing_code', 'The sign-in answer has no code');
    const action = await findAction(actionId);
    if (!action) throw fail('callback_failed', 'The action no longer exists or has no OAuth');
    try {
      const { exchangeAuthorization } = await oauthClient();
      const tokens = await exchangeAuthorization(action.auth.client_url, {
        metadata: serverMetadata(action),
        clientInformation: clientInformation(action),
        authorizationCode: query.code,
        codeVerifier: flow.codeVerifier,
        redirectUri: this.callbackUrl(actionId),
        fetchFn: this.tokenFetch,
      });
      await this.save(flow.userId, actionId, tokens);
    } catch (error) {
      throw fail(
        'callback_failed',
        `The sign-in could not be completed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.options.signIns.settle(flow.userId, actionSignInKey(actionId), 'signed-in');
    return { userId: flow.userId, action };
  }

  /** Whether the user holds tokens for an action (tests, and the builder one day). */
  async hasTokens(userId: string, actionId: string): Promise<boolean> {
    return (await this.tokens(userId, actionId)) !== null;
  }

  /** A new sign-in for the user (replacing a waiting one) and the call's SignInRequired with its URL. */
  private async signInRequired(userId: string, action: OAuthAction): Promise<SignInRequired> {
    this.forgetFlows(userId, action.id);
    const state = randomBytes(24).toString('base64url');
    try {
      const { startAuthorization } = await oauthClient();
      const { authorizationUrl, codeVerifier } = await startAuthorization(action.auth.authorization_url, {
        metadata: serverMetadata(action),
        clientInformation: clientInformation(action),
        redirectUrl: this.callbackUrl(action.id),
        state,
        ...(action.auth.scope ? { scope: action.auth.scope } : {}),
      });
      this.flows.set(state, { userId, actionId: action.id, codeVerifier, startedAt: Date.now() });
      return new SignInRequired(actionSignInKey(action.id), authorizationUrl.href, action.domain);
    } catch {
      return new SignInRequired(actionSignInKey(action.id), null, action.domain);
    }
  }

  /** Drops the user's earlier sign-in to the action (its link stops working) and every stale one. */
  private forgetFlows(userId: string, actionId: string): void {
    const now = Date.now();
    for (const [state, flow] of this.flows) {
      const stale = now - flow.startedAt > ACTION_OAUTH_FLOW_TTL_MS;
      if (stale || (flow.userId === userId && flow.actionId === actionId)) this.flows.delete(state);
    }
  }

  private async tokens(userId: string, actionId: string): Promise<StoredTokens | null> {
    const { value } = await this.options.credentials.get(userId, tokensKey(actionId));
    if (!value) return null;
    try {
      const parsed = JSON.parse(value) as StoredTokens;
      return typeof parsed.access_token === 'string' ? parsed : null;
    } catch {
      return null;
    }
  }

  private async save(userId: string, actionId: string, tokens: OAuthTokens): Promise<StoredTokens> {
    if (!/^bearer$/i.test(tokens.token_type))
      throw new Error(`the token endpoint gave a ${tokens.token_type} token, not a bearer token`);
    const stored: StoredTokens = {
      access_token: tokens.access_token,
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
      ...(tokens.expires_in ? { expires_at: Date.now() + tokens.expires_in * 1000 } : {}),
    };
    await this.options.credentials.set(userId, tokensKey(actionId), { value: JSON.stringify(stored) });
    return stored;
  }

  private async forgetTokens(userId: string, actionId: string): Promise<void> {
    await this.options.credentials.remove(userId, tokensKey(actionId));
  }
}

function expired(tokens: StoredTokens): boolean {
  return tokens.expires_at !== undefined && tokens.expires_at - EXPIRY_MARGIN_MS <= Date.now();
}

/** The authorization server as the action's settings describe it (no discovery: the URLs are given). */
function serverMetadata(action: OAuthAction): AuthorizationServerMetadata {
  return {
    issuer: new URL(action.auth.authorization_url).origin,
    authorization_endpoint: action.auth.authorization_url,
    token_endpoint: action.auth.client_url,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [clientAuthMethod(action)],
  };
}

function clientAuthMethod(action: OAuthAction): string {
  if (!action.client.client_secret) return 'none';
  return action.auth.token_exchange_method === 'basic_auth_header'
    ? 'client_secret_basic'
    : 'client_secret_post';
}

function clientInformation(action: OAuthAction): OAuthClientInformationFull {
  return {
    ...action.client,
    redirect_uris: [],
    token_endpoint_auth_method: clientAuthMethod(action),
  };
}
