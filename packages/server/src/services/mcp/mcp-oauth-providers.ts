import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';

/**
 * Signs a user in to a server with OAuth; absent, OAuth servers cannot connect. The manager
 * (mcp-manager.ts) uses it and McpOAuth (mcp-oauth.ts) implements it: it stands apart from both
 * so neither imports the other for it.
 */
export interface McpOAuthProviders {
  /** The SDK's OAuth client provider for this user and server (reads and stores their tokens). */
  providerFor(userId: string, serverName: string, config: McpServerConfig): OAuthClientProvider;
  /** The authorization URL the last attempt asked the user to open, if any. */
  pendingUrl(userId: string, serverName: string): string | null;
  cancel(userId: string, serverName: string): boolean;
  /** Completes a sign-in from the authorization server's redirect; answers whose it was. */
  complete(
    serverName: string,
    query: { code?: string; state?: string; error?: string },
    config: McpServerConfig,
    reach: (userId: string) => Promise<OAuthReach>,
  ): Promise<{ userId: string }>;
  /** Whether the user holds tokens for the server (else connecting would only start a sign-in). */
  hasTokens(userId: string, serverName: string): Promise<boolean>;
}

/** Where one user's sign-in to a server sends its requests. */
export interface OAuthReach {
  /** The server's URL with the user's values filled in. */
  serverUrl: string;
  /** fetch for discovery, registration and token requests (a guarded one); the default otherwise. */
  fetch?: typeof fetch;
}
