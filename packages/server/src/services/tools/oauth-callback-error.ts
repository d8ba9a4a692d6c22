import type { McpOAuthError } from '@parley/schema';

/**
 * A tool sign-in's callback (an MCP server's or an action's) that cannot complete. `reason` names
 * the web app's oauth/error page the popup ends on; the message is for the log only.
 */
export class OAuthCallbackError extends Error {
  constructor(
    readonly reason: McpOAuthError,
    message: string,
  ) {
    super(message);
  }
}
