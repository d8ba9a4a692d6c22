import { mcpPluginKey, type McpServerStatus } from '@parley/schema';
import type { Logger } from 'pino';
import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import type { SignInWaits } from '../tools/tool-sign-in.ts';
import { McpConnection, type Backoff } from './mcp-connection.ts';
import { McpGuards, type GuardWithHosts } from './mcp-guards.ts';
import { McpOAuthCallbackError } from './mcp-oauth.ts';
import { ownOriginResourceMetadata } from './mcp-oauth-guard.ts';
import type { McpOAuthProviders, OAuthReach } from './mcp-oauth-providers.ts';
import { fillPlaceholders, isPerUserServer, type ConnectingUser } from './mcp-placeholders.ts';
import type { TransportOptions } from './mcp-transport.ts';

/** The key tool calls wait on for a user's sign-in to an MCP server. */
export const mcpSignInKey = (serverName: string) => `mcp:${serverName}`;

/** How many servers one user may hold a connection of their own to at once. */
export const MCP_USER_CONNECTION_LIMIT = 20;
/** A user's own connection unused this long is closed (reopened on next use). */
export const MCP_USER_IDLE_MS = 15 * 60_000;

export interface McpManagerOptions {
  servers: Record<string, McpServerConfig>;
  logger: Logger;
  credentials: ToolCredentialStore;
  /** The user a per-user connection is for (its `{{LIBRECHAT_USER_*}}` values). */
  findUser: (userId: string) => Promise<ConnectingUser | null>;
  /** The private-address guard for URLs a user's values shape. */
  guard: GuardedHttpClient;
  /**
   * The same guard also allowing some host names: for a server whose parley.yaml `oauth` names
   * its authorization and token URLs (absent: such servers use `guard` as it is).
   */
  guardWithHosts?: GuardWithHosts;
  oauth?: McpOAuthProviders;
  /** Tool calls waiting for a user's sign-in to a server; the callback and cancel settle them. */
  signIns?: SignInWaits;
  userConnectionLimit?: number;
  idleMs?: number;
  backoff?: Backoff;
}

interface UserConnection {
  connection: McpConnection;
  lastUsed: number;
}

/** Why a server cannot be used by this user right now, in words to show them. */
export class McpUnavailableError extends Error {
  constructor(
    message: string,
    readonly oauthRequired = false,
  ) {
    super(message);
  }
}

/**
 * Every MCP connection of this server process. Servers that are the same for everyone get one
 * app-level connection, opened at start (unless `startup: false`) in the background and
 * supervised; servers that depend on the user (custom variables, OAuth, `{{…}}` placeholders) get
 * one connection per user, opened on first use, closed when idle and limited in number per user.
 * A server that cannot be reached is reported in its state and never stops Parley from starting.
 */
export class McpManager {
  private readonly app = new Map<string, McpConnection>();
  private readonly users = new Map<string, Map<string, UserConnection>>();
  private readonly sweep: NodeJS.Timeout;
  private closed = false;
  private readonly guards: McpGuards;

  constructor(private readonly options: McpManagerOptions) {
    this.guards = new McpGuards(options.guard, options.guardWithHosts);
    const idle = options.idleMs ?? MCP_USER_IDLE_MS;
    this.sweep = setInterval(() => void this.closeIdle(idle), Math.min(idle, 60_000));
    this.sweep.unref();
  }

  get serverNames(): string[] {
    return Object.keys(this.options.servers);
  }

  config(serverName: string): McpServerConfig | undefined {
    return Object.hasOwn(this.options.servers, serverName) ? this.options.servers[serverName] : undefined;
  }

  /** The server's config, or a 404 for a name parley.yaml does not list. */
  requireConfig(serverName: string): McpServerConfig {
    const config = this.config(serverName);
    if (!config) throw notFound(`MCP server '${serverName}' not found`);
    return config;
  }

  isPerUser(serverName: string): boolean {
    const config = this.config(serverName);
    return config ? isPerUserServer(config) : false;
  }

  /** Opens the app-level connections in the background; returns at once. */
  start(): void {
    for (const [name, config] of Object.entries(this.options.servers)) {
      if (isPerUserServer(config)) continue;
      const connection = this.appConnection(name, config);
      if (config.startup !== false) connection.connect().catch(() => undefined);
    }
  }

  /** The connection `userId` uses for a server, connected; throws McpUnavailableError when it cannot be. */
  async connectionFor(userId: string, serverName: string): Promise<McpConnection> {
    const config = this.requireConfig(serverName);
    const connection = isPerUserServer(config)
      ? await this.userConnection(userId, serverName, config)
      : this.appConnection(serverName, config);
    try {
      await connection.connect();
    } catch {
      throw new McpUnavailableError(
        connection.lastError ?? `${serverName} is not reachable`,
        connection.oauthRequired,
      );
    }
    return connection;
  }

  /** The connection a user has now, without opening one. */
  existingConnection(userId: string, serverName: string): McpConnection | undefined {
    if (!this.isPerUser(serverName)) return this.app.get(serverName);
    const held = this.users.get(userId)?.get(serverName);
    if (held) held.lastUsed = Date.now();
    return held?.connection;
  }

  /**
   * Each server's shared connection as the console shows it: its state and last error. Servers
   * with a connection per user have none shared; their state is each user's own.
   */
  health(): { name: string; perUser: boolean; state: string; lastError: string | null }[] {
    return Object.entries(this.options.servers).map(([name, config]) => {
      const perUser = isPerUserServer(config);
      const connection = perUser ? undefined : this.app.get(name);
      return {
        name,
        perUser,
        state: perUser ? 'per-user' : (connection?.state ?? 'disconnected'),
        lastError: connection?.lastError ?? null,
      };
    });
  }

  /** GET /api/mcp/connection/status: each server's state as this user sees it. */
  status(userId: string): Record<string, McpServerStatus> {
    return Object.fromEntries(
      Object.entries(this.options.servers).map(([name, config]) => {
        const connection = isPerUserServer(config)
          ? this.users.get(userId)?.get(name)?.connection
          : this.app.get(name);
        const needsOAuth = Boolean(config.oauth || config.requiresOAuth || connection?.oauthRequired);
        return [
          name,
          {
            connectionState: connection?.state ?? 'disconnected',
            requiresOAuth: needsOAuth && connection?.state !== 'connected',
          },
        ];
      }),
    );
  }

  /** Drops a user's connection to a server, e.g. after their values changed; the next use reconnects. */
  async disconnectUser(userId: string, serverName: string): Promise<void> {
    const held = this.users.get(userId)?.get(serverName);
    if (!held) return;
    this.users.get(userId)!.delete(serverName);
    await held.connection.close();
  }

  /** Connects again now (POST /api/mcp/{serverName}/reinitialize). */
  async reinitialize(userId: string, serverName: string): Promise<McpConnection> {
    const config = this.requireConfig(serverName);
    if (isPerUserServer(config)) {
      await this.disconnectUser(userId, serverName);
      return this.connectionFor(userId, serverName);
    }
    const connection = this.appConnection(serverName, config);
    // A shared connection that works is not torn down for everyone by one user's click.
    if (connection.state !== 'connected') {
      await connection.restart().catch(() => {
        throw new McpUnavailableError(connection.lastError ?? `${serverName} is not reachable`);
      });
    }
    return connection;
  }

  /** The authorization URL a user was asked to open for a server, while their sign-in waits. */
  pendingOAuthUrl(userId: string, serverName: string): string | null {
    return this.options.oauth?.pendingUrl(userId, serverName) ?? null;
  }

  /** Forgets a waiting sign-in (POST /api/mcp/oauth/cancel/{serverName}); true when one was waiting. */
  cancelOAuth(userId: string, serverName: string): boolean {
    const flow = this.options.oauth?.cancel(userId, serverName) ?? false;
    const calls = this.options.signIns?.settle(userId, mcpSignInKey(serverName), 'cancelled') ?? 0;
    return flow || calls > 0;
  }

  /**
   * GET /api/mcp/{serverName}/oauth/callback: stores the user's tokens, then connects them with
   * those in the background (the web app's status polling sees it become connected).
   */
  async completeOAuth(
    serverName: string,
    query: { code?: string; state?: string; error?: string },
  ): Promise<void> {
    const config = this.requireConfig(serverName);
    if (!this.options.oauth) throw notFound(`MCP server '${serverName}' has no sign-in`);
    const signIn = mcpSignInKey(serverName);
    const reach = (userId: string) => this.oauthReach(userId, serverName, config);
    const { userId } = await this.options.oauth.complete(serverName, query, config, reach).catch((error) => {
      if (error instanceof McpOAuthCallbackError && error.userId)
        this.options.signIns?.settle(error.userId, signIn, 'failed');
      throw error;
    });
    await this.disconnectUser(userId, serverName);
    this.connectionFor(userId, serverName).catch(() => undefined);
    // The calls that waited for this sign-in run again, on the connection just opened.
    this.options.signIns?.settle(userId, signIn, 'signed-in');
  }

  /** Whether a server signs each user in with OAuth. */
  usesOAuth(serverName: string): boolean {
    const config = this.config(serverName);
    return Boolean(config && config.type !== 'stdio' && (config.oauth || config.requiresOAuth));
  }

  /** Whether connecting for this user now could work without first starting a sign-in. */
  async canConnectWithoutSignIn(userId: string, serverName: string): Promise<boolean> {
    if (!this.usesOAuth(serverName)) return true;
    return (await this.options.oauth?.hasTokens(userId, serverName)) ?? false;
  }

  /** Closes every connection (shutdown): stdio servers' processes end with Parley. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweep);
    const all = [
      ...this.app.values(),
      ...[...this.users.values()].flatMap((byServer) => [...byServer.values()].map((h) => h.connection)),
    ];
    this.app.clear();
    this.users.clear();
    await Promise.all(all.map((c) => c.close()));
    await this.guards.close();
  }

  /** How many per-user connections are open (for the benchmark and tests). */
  userConnectionCount(): number {
    return [...this.users.values()].reduce((n, byServer) => n + byServer.size, 0);
  }

  private appConnection(serverName: string, config: McpServerConfig): McpConnection {
    let connection = this.app.get(serverName);
    if (!connection) {
      connection = new McpConnection({
        serverName,
        transport: () => transportFor(config),
        logger: this.options.logger,
        initTimeoutMs: config.initTimeout,
        callTimeoutMs: config.timeout,
        supervise: !this.closed,
        backoff: this.options.backoff,
      });
      this.app.set(serverName, connection);
    }
    return connection;
  }

  private async userConnection(
    userId: string,
    serverName: string,
    config: McpServerConfig,
  ): Promise<McpConnection> {
    const byServer = this.users.get(userId) ?? new Map<string, UserConnection>();
    this.users.set(userId, byServer);
    const held = byServer.get(serverName);
    if (held) {
      held.lastUsed = Date.now();
      return held.connection;
    }
    const filled = await this.filledConfig(userId, serverName, config);
    const remote = filled.type !== 'stdio';
    const authProvider =
      remote && (config.oauth || config.requiresOAuth)
        ? this.options.oauth?.providerFor(userId, serverName, config)
        : undefined;
    const guard = await this.checkedGuard(serverName, config, filled);
    const connection = new McpConnection({
      serverName,
      transport: () => transportFor(filled, { authProvider, guard }),
      logger: this.options.logger,
      initTimeoutMs: config.initTimeout,
      callTimeoutMs: config.timeout,
    });
    byServer.set(serverName, { connection, lastUsed: Date.now() });
    await this.enforceLimit(byServer);
    return connection;
  }

  /** The server's config with this user's values in its placeholders; refuses missing values. */
  private async filledConfig(
    userId: string,
    serverName: string,
    config: McpServerConfig,
  ): Promise<McpServerConfig> {
    const values = await this.options.credentials.get(userId, mcpPluginKey(serverName));
    const missing = Object.entries(config.customUserVars ?? {}).filter(([field]) => !values[field]);
    if (missing.length > 0) {
      throw new McpUnavailableError(
        `Set your ${missing.map(([, v]) => v.title).join(', ')} for ${serverName} first`,
      );
    }
    const user = await this.options.findUser(userId);
    if (!user) throw badRequest('Unknown user');
    return fillPlaceholders(config, values, user);
  }

  /**
   * The guard of a server whose host a user's value fills, once the filled URL passed it (an early,
   * clear refusal; the guard checks every request again); none for the operator's own URLs.
   */
  private async checkedGuard(
    serverName: string,
    config: McpServerConfig,
    filled: McpServerConfig,
  ): Promise<GuardedHttpClient | undefined> {
    const guard = this.guards.for(serverName, config);
    if (guard && filled.type !== 'stdio') {
      await guard.check(filled.url.replace(/^ws/i, 'http')).catch((error: Error) => {
        throw new McpUnavailableError(error.message);
      });
    }
    return guard;
  }

  /**
   * Where the OAuth callback's requests go for this user (discovery, registration, token): the
   * URL their values make, through the server's guard when a user's value fills its host.
   */
  private async oauthReach(userId: string, serverName: string, config: McpServerConfig): Promise<OAuthReach> {
    const filled = await this.filledConfig(userId, serverName, config);
    if (filled.type === 'stdio') throw new McpUnavailableError(`${serverName} has no sign-in`);
    const guard = await this.checkedGuard(serverName, config, filled);
    return {
      serverUrl: filled.url,
      ...(guard ? { fetch: ownOriginResourceMetadata(guard.fetch, filled.url) } : {}),
    };
  }

  /** Over the per-user limit, the least recently used of the user's connections is closed. */
  private async enforceLimit(byServer: Map<string, UserConnection>): Promise<void> {
    const limit = this.options.userConnectionLimit ?? MCP_USER_CONNECTION_LIMIT;
    while (byServer.size > limit) {
      const [oldest] = [...byServer.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
      byServer.delete(oldest![0]);
      await oldest![1].connection.close();
    }
  }

  private async closeIdle(idleMs: number): Promise<void> {
    const cutoff = Date.now() - idleMs;
    for (const [userId, byServer] of this.users) {
      for (const [name, held] of byServer) {
        if (held.lastUsed >= cutoff) continue;
        byServer.delete(name);
        await held.connection.close();
      }
      if (byServer.size === 0) this.users.delete(userId);
    }
  }
}

/** The transports import the MCP SDK, so their module is loaded with it, on the first connection. */
async function transportFor(config: McpServerConfig, options?: TransportOptions) {
  const { createTransport } = await import('./mcp-transport.ts');
  return createTransport(config, options);
}
