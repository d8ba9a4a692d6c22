import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { ownOriginResourceMetadata } from './mcp-oauth-guard.ts';
import { WebSocketTransport } from './websocket-transport.ts';

export interface TransportOptions {
  /** For remote servers that sign users in with OAuth. */
  authProvider?: OAuthClientProvider;
  /**
   * The guarded client for a URL a user's values shaped (a `{{VAR}}` in its host): every address
   * it reaches, the OAuth sign-in's requests included, is checked against the private ranges, and
   * a sign-in challenge naming metadata on another origin is refused. An operator's own URL needs
   * no guard.
   */
  guard?: GuardedHttpClient;
}

/** A stdio transport together with its child process's id (for the exit-time kill). */
export type StdioTransport = StdioClientTransport;

/** The SDK transport that reaches one server as its (placeholder-filled) config describes it. */
export function createTransport(config: McpServerConfig, options: TransportOptions = {}): Transport {
  switch (config.type) {
    case 'stdio':
      return new StdioClientTransport({
        command: config.command,
        args: config.args ?? [],
        // getDefaultEnvironment() (PATH, HOME, …) is added by the SDK; Parley's own secrets are not.
        env: config.env ?? {},
        ...(config.cwd ? { cwd: config.cwd } : {}),
        // Read and logged by the connection, never mixed into Parley's own output.
        stderr: 'pipe',
      });
    case 'websocket':
      return new WebSocketTransport(new URL(config.url), config.headers, options.guard?.dispatcher);
    case 'sse':
      return new SSEClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers ?? {} },
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
        ...(options.guard ? { fetch: ownOriginResourceMetadata(options.guard.fetch, config.url) } : {}),
      });
    case 'streamable-http':
      return new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers ?? {} },
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
        ...(options.guard ? { fetch: ownOriginResourceMetadata(options.guard.fetch, config.url) } : {}),
      });
  }
}
