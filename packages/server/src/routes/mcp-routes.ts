import {
  mcpPluginKey,
  mcpServerParamsSchema,
  type McpAuthValuesAnswer,
  type McpConnectionStatusAnswer,
  type McpReinitializeAnswer,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { finishToolSignIn } from '../http/tool-sign-in-callback.ts';
import { parse } from '../http/validate.ts';
import { ToolCredentialStore } from '../services/tool-credentials/tool-credential-store.ts';
import { McpUnavailableError } from '../services/mcp/mcp-manager.ts';

/**
 * MCP tool servers: each server's connection state as
 * the caller sees it, connecting again, which custom variables the caller has set (never their
 * values), and cancelling a sign-in that is waiting.
 */
export function mcpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };
  const credentials = new ToolCredentialStore(ctx.db, ctx.config.secrets.credsKey);

  app.get('/api/mcp/connection/status', auth, async (request): Promise<McpConnectionStatusAnswer> => ({
    success: true,
    connectionStatus: ctx.mcp.status(currentUser(request).id),
  }));

  app.post('/api/mcp/:serverName/reinitialize', auth, async (request): Promise<McpReinitializeAnswer> => {
    const { serverName } = parse(mcpServerParamsSchema, request.params, 'params');
    const userId = currentUser(request).id;
    ctx.mcp.requireConfig(serverName);
    try {
      const connection = await ctx.mcp.reinitialize(userId, serverName);
      return {
        success: true,
        serverName,
        message: `MCP server '${serverName}' initialized with ${connection.tools.length} tools`,
        oauthRequired: false,
        oauthUrl: null,
      };
    } catch (error) {
      if (!(error instanceof McpUnavailableError)) throw error;
      const oauthUrl = error.oauthRequired ? ctx.mcp.pendingOAuthUrl(userId, serverName) : null;
      return {
        success: false,
        serverName,
        message: error.oauthRequired ? `Sign in to ${serverName} to use its tools` : error.message,
        oauthRequired: error.oauthRequired,
        oauthUrl,
      };
    }
  });

  app.get('/api/mcp/:serverName/auth-values', auth, async (request): Promise<McpAuthValuesAnswer> => {
    const { serverName } = parse(mcpServerParamsSchema, request.params, 'params');
    const config = ctx.mcp.requireConfig(serverName);
    const fields = Object.keys(config.customUserVars ?? {});
    const stored = await credentials.storedFields(currentUser(request).id, [mcpPluginKey(serverName)]);
    const set = stored.get(mcpPluginKey(serverName));
    return {
      success: true,
      serverName,
      authValueFlags: Object.fromEntries(fields.map((f) => [f, Boolean(set?.has(f))])),
    };
  });

  app.post('/api/mcp/oauth/cancel/:serverName', auth, async (request) => {
    const { serverName } = parse(mcpServerParamsSchema, request.params, 'params');
    ctx.mcp.requireConfig(serverName);
    const cancelled = ctx.mcp.cancelOAuth(currentUser(request).id, serverName);
    return {
      success: true,
      message: cancelled ? `Sign-in to ${serverName} cancelled` : `No sign-in to ${serverName} was waiting`,
    };
  });

  /**
   * Where the authorization server sends the user's browser (the sign-in popup) back. It carries
   * no Parley session: the one-time state names whose sign-in it completes. The popup ends on the
   * web app's oauth/success or oauth/error page.
   */
  app.get('/api/mcp/:serverName/oauth/callback', async (request, reply) => {
    const { serverName } = parse(mcpServerParamsSchema, request.params, 'params');
    return finishToolSignIn(request, reply, { server: serverName }, async (query) => {
      await ctx.mcp.completeOAuth(serverName, query);
      return serverName;
    });
  });
}
