import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthError } from '@parley/schema';
import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import type { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import { OAuthCallbackError } from '../tools/oauth-callback-error.ts';
import type { McpOAuthProviders, OAuthReach } from './mcp-oauth-providers.ts';
import { loadMcpSdk } from './mcp-sdk.ts';

/** How long a started sign-in waits for its callback (the web app polls for 180 s). */
export const MCP_OAUTH_FLOW_TTL_MS = 10 * 60_000;

/**
 * Where a user's OAuth secrets for a server are kept: tool credentials (AES-256-GCM under
 * CREDS_KEY, bound to user and key) under keys with a `:`, which no server name or tool has, so
 * POST /api/user/plugins can neither read nor overwrite them.
 */
const tokensKey = (server: string) => `mcp-oauth:${server}:tokens`;
const clientKey = (server: string) => `mcp-oauth:${server}:client`;

/** A sign-in started for one user and server, waiting for the authorization server's callback. */
interface PendingFlow {
  userId: string;
  serverName: string;
  state: string;
  codeVerifier?: string;
  url?: string;
  startedAt: number;
}

/** Why a callback could not complete; `reason` names the error page's `?error=`. */
export class McpOAuthCallbackError extends OAuthCallbackError {
  constructor(
    reason: McpOAuthError,
    message: string,
    /** Whose sign-in failed, once the state named them (then their waiting calls are told). */
    readonly userId?: string,
  ) {
    super(reason, message);
  }
}

export interface McpOAuthOptions {
  credentials: ToolCredentialStore;
  /** Parley's public origin: the callback is `{origin}/api/mcp/{serverName}/oauth/callback`. */
  publicOrigin: string;
}

/**
 * OAuth 2.1 sign-in of users to remote MCP servers with the SDK's client flow: discovery of the
 * server's authorization server, dynamic client registration (or parley.yaml's client_id and
 * secret), authorization code with PKCE, refresh when a token expired. Parley keeps per user and
 * server the tokens and registered client (encrypted), and, in memory while a sign-in is open,
 * its state and PKCE verifier. A state is good for one callback only and for 10 minutes.
 */
export class McpOAuth implements McpOAuthProviders {
  private readonly flows = new Map<string, PendingFlow>();

  constructor(private readonly options: McpOAuthOptions) {}

  callbackUrl(serverName: string): string {
    return `${this.options.publicOrigin}/api/mcp/${encodeURIComponent(serverName)}/oauth/callback`;
  }

  providerFor(userId: string, serverName: string, config: McpServerConfig): OAuthClientProvider {
    const store = this.options.credentials;
    const settings = config.oauth ?? {};
    const redirectUrl = settings.redirect_uri ?? this.callbackUrl(serverName);
    const flows = this.flows;
    const key = flowKey(userId, serverName);
    const readJson = async <T>(pluginKey: string): Promise<T | undefined> => {
      const stored = await store.get(userId, pluginKey);
      return stored.value ? (JSON.parse(stored.value) as T) : undefined;
    };
    const clientMetadata: OAuthClientMetadata = {
      client_name: 'Parley',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: settings.client_secret
        ? settings.token_exchange_method === 'basic_auth_header'
          ? 'client_secret_basic'
          : 'client_secret_post'
        : 'none',
      ...(settings.scope ? { scope: settings.scope } : {}),
    };
    return {
      redirectUrl,
      clientMetadata,
      state: () => {
        this.forget(userId, serverName);
        const state = randomBytes(24).toString('base64url');
        flows.set(key, { userId, serverName, state, startedAt: Date.now() });
        return state;
      },
      clientInformation: async () => {
        if (settings.client_id) {
          return {
            client_id: settings.client_id,
            ...(settings.client_secret ? { client_secret: settings.client_secret } : {}),
          };
        }
        return readJson<OAuthClientInformationMixed>(clientKey(serverName));
      },
      saveClientInformation: (info) =>
        store.set(userId, clientKey(serverName), { value: JSON.stringify(info) }),
      tokens: () => readJson<OAuthTokens>(tokensKey(serverName)),
      saveTokens: (tokens) => store.set(userId, tokensKey(serverName), { value: JSON.stringify(tokens) }),
      redirectToAuthorization: (url) => {
        const flow = flows.get(key);
        if (flow) flow.url = url.href;
      },
      saveCodeVerifier: (verifier) => {
        const flow = flows.get(key);
        if (flow) flow.codeVerifier = verifier;
      },
      codeVerifier: () => {
        const verifier = flows.get(key)?.codeVerifier;
        if (!verifier) throw new Error('No sign-in is waiting for this server');
        return verifier;
      },
      invalidateCredentials: async (scope) => {
        if (scope === 'all' || scope === 'tokens') await store.remove(userId, tokensKey(serverName));
        if (scope === 'all' || scope === 'client') await store.remove(userId, clientKey(serverName));
      },
    };
  }

  pendingUrl(userId: string, serverName: string): string | null {
    const flow = this.flows.get(flowKey(userId, serverName));
    return flow && !this.expired(flow) ? (flow.url ?? null) : null;
  }

  cancel(userId: string, serverName: string): boolean {
    return this.forget(userId, serverName);
  }

  /** Whether the user holds tokens for a server (a connection may be tried without a sign-in). */
  async hasTokens(userId: string, serverName: string): Promise<boolean> {
    const stored = await this.options.credentials.storedFields(userId, [tokensKey(serverName)]);
    return stored.has(tokensKey(serverName));
  }

  /** Forgets the user's tokens and registered client for a server (sign out). */
  async signOut(userId: string, serverName: string): Promise<void> {
    this.forget(userId, serverName);
    await this.options.credentials.remove(userId, tokensKey(serverName));
  }

  /**
   * The authorization server's redirect back: finds the waiting sign-in by its state (once; a
   * replayed or unknown state is refused), exchanges the code with the PKCE verifier and stores
   * the tokens. Answers whose sign-in it completed.
   */
  async complete(
    serverName: string,
    query: { code?: string; state?: string; error?: string },
    config: McpServerConfig,
    reach: (userId: string) => Promise<OAuthReach>,
  ): Promise<{ userId: string }> {
    if (!query.state) throw new McpOAuthCallbackError('missing_state', 'The sign-in answer has no state');
    const flow = [...this.flows.values()].find((f) => f.state === query.state);
    if (!flow || flow.serverName !== serverName || this.expired(flow)) {
      throw new McpOAuthCallbackError(
        'invalid_state',
        'The sign-in answer does not belong to a waiting sign-in',
      );
    }
    // Consumed now, before any await: the same answer sent twice completes at most once.
    flow.state = '';
    if (query.error) {
      this.forget(flow.userId, serverName);
      throw new McpOAuthCallbackError(
        'callback_failed',
        `The server refused the sign-in: ${query.error}`,
        flow.userId,
      );
    }
    if (!query.code)
      throw new McpOAuthCallbackError('missing_code', 'The sign-in answer has no code', flow.userId);
    if (config.type === 'stdio')
      throw new McpOAuthCallbackError('callback_failed', 'A stdio server has no sign-in', flow.userId);
    const provider = this.providerFor(flow.userId, serverName, config);
    try {
      const [{ auth }, target] = await Promise.all([loadMcpSdk(), reach(flow.userId)]);
      const result = await auth(provider, {
        serverUrl: target.serverUrl,
        authorizationCode: query.code,
        ...(target.fetch ? { fetchFn: target.fetch } : {}),
      });
      if (result !== 'AUTHORIZED') throw new Error('the server did not authorize');
    } catch (error) {
      throw new McpOAuthCallbackError(
        'callback_failed',
        `The sign-in could not be completed: ${error instanceof Error ? error.message : String(error)}`,
        flow.userId,
      );
    } finally {
      this.forget(flow.userId, serverName);
    }
    return { userId: flow.userId };
  }

  private forget(userId: string, serverName: string): boolean {
    return this.flows.delete(flowKey(userId, serverName));
  }

  private expired(flow: PendingFlow): boolean {
    return Date.now() - flow.startedAt > MCP_OAUTH_FLOW_TTL_MS;
  }
}

const flowKey = (userId: string, serverName: string) => `${userId}\u0000${serverName}`;
