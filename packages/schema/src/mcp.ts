import { z } from 'zod';

/** MCP tool servers as the web app sees them: each one's connection state and configuration. */

/** Joins a tool's own name and its server's: `<tool>_mcp_<server>` is how MCP tools are named. */
export const MCP_DELIMITER = '_mcp_';

/** The name agents and models use for tool `tool` of MCP server `server`. */
export function mcpToolName(tool: string, server: string): string {
  return `${tool}${MCP_DELIMITER}${server}`;
}

/** The tool and server of an MCP tool name, or null for any other tool. */
export function parseMcpToolName(name: string): { tool: string; server: string } | null {
  const at = name.lastIndexOf(MCP_DELIMITER);
  if (at <= 0 || at + MCP_DELIMITER.length >= name.length) return null;
  return { tool: name.slice(0, at), server: name.slice(at + MCP_DELIMITER.length) };
}

/** The pluginKey under which a user's custom variables for a server are stored (POST /api/user/plugins). */
export function mcpPluginKey(server: string): string {
  return `mcp_${server}`;
}

export const MCP_CONNECTION_STATES = ['connecting', 'connected', 'disconnected', 'error'] as const;
export type McpConnectionState = (typeof MCP_CONNECTION_STATES)[number];

/** One server in GET /api/mcp/connection/status. */
export interface McpServerStatus {
  connectionState: McpConnectionState;
  requiresOAuth: boolean;
}

/** GET /api/mcp/connection/status */
export interface McpConnectionStatusAnswer {
  success: true;
  connectionStatus: Record<string, McpServerStatus>;
}

/** POST /api/mcp/{serverName}/reinitialize */
export interface McpReinitializeAnswer {
  success: boolean;
  message: string;
  serverName: string;
  oauthRequired: boolean;
  oauthUrl: string | null;
}

/** GET /api/mcp/{serverName}/auth-values: whether each custom variable is stored, never its value. */
export interface McpAuthValuesAnswer {
  success: true;
  serverName: string;
  authValueFlags: Record<string, boolean>;
}

/** One custom variable a server asks each user for. */
export interface McpCustomUserVar {
  title: string;
  description?: string;
}

/** A configured server as GET /api/config lists it (`mcpServers`), without its secrets. */
export interface McpServerInfo {
  type: 'stdio' | 'websocket' | 'sse' | 'streamable-http';
  iconPath?: string;
  chatMenu: boolean;
  customUserVars: Record<string, McpCustomUserVar>;
  requiresOAuth: boolean;
}

/** How often the web app asks for the status while an OAuth sign-in is open, and how long it waits. */
export const MCP_OAUTH_POLL_INTERVAL_MS = 3_500;
export const MCP_OAUTH_POLL_TIMEOUT_MS = 180_000;
/** The OAuth popup's success page closes itself after this many seconds. */
export const MCP_OAUTH_SUCCESS_COUNTDOWN_S = 3;
/** The reasons the OAuth error page names (`oauth/error?error=`). */
export const MCP_OAUTH_ERRORS = [
  'missing_code',
  'missing_state',
  'invalid_state',
  'callback_failed',
] as const;
export type McpOAuthError = (typeof MCP_OAUTH_ERRORS)[number];

/** The `{serverName}` of the MCP calls: a name parley.yaml's mcpServers lists. */
export const mcpServerParamsSchema = z.strictObject({
  serverName: z.string().min(1, 'serverName is required').max(200, 'serverName is too long'),
});
