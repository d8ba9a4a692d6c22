import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpPluginKey, mcpToolName, parseMcpToolName } from '@parley/schema';
import { z } from 'zod';
import type { Tool } from '../tools/tool.ts';
import { SignInRequired, signInStepName, type ToolSignIn } from '../tools/tool-sign-in.ts';
import type { CredentialTarget, ToolSource } from '../tools/tool-source.ts';
import { DEFAULT_CALL_TIMEOUT_MS, type McpConnection, type McpToolInfo } from './mcp-connection.ts';
import { mcpSignInKey, McpUnavailableError, type McpManager } from './mcp-manager.ts';
import { isUnauthorizedError, loadMcpSdk, type McpSdk } from './mcp-sdk.ts';

/**
 * A tool of an MCP server as the tool loop runs it: `inputSchema` (the server's JSON schema) is
 * what the model is shown, `timeoutMs` the server's `timeout`.
 */
export type McpTool = Tool & { inputSchema: Record<string, unknown>; server: string; timeoutMs: number };

/**
 * The MCP servers' tools as tools of the registry, named `<tool>_mcp_<server>`: each user sees
 * the tools of the connections they can use (the shared ones, and their own, opened on first
 * use). A call goes to the server over the caller's connection; a server's error, a timeout or a
 * lost connection is thrown, which the tool loop turns into the call's error part.
 */
export class McpToolSource implements ToolSource {
  constructor(private readonly manager: McpManager) {}

  owns(name: string): boolean {
    const parsed = parseMcpToolName(name);
    return parsed !== null && this.manager.config(parsed.server) !== undefined;
  }

  async toolsFor(userId: string): Promise<Tool[]> {
    const perServer = await Promise.all(
      this.manager.serverNames.map(async (server) => {
        const connection = await this.usableConnection(userId, server);
        if (!connection) return [];
        const { validators } = await loadMcpSdk();
        return connection.tools.map((info) => this.tool(server, info, validators));
      }),
    );
    return perServer.flat();
  }

  /** The instructions to add to the prompt for the servers whose tools a run uses (`serverInstructions`). */
  async instructionsFor(userId: string, toolNames: readonly string[]): Promise<string[]> {
    const servers = new Set(toolNames.flatMap((n) => parseMcpToolName(n)?.server ?? []));
    const texts: string[] = [];
    for (const server of servers) {
      const setting = this.manager.config(server)?.serverInstructions;
      if (!setting) continue;
      if (typeof setting === 'string') {
        texts.push(`${server}: ${setting}`);
        continue;
      }
      const own = this.manager.existingConnection(userId, server)?.instructions;
      if (own) texts.push(`${server}: ${own}`);
    }
    return texts;
  }

  /**
   * A sign-in step for each OAuth server among `groups` that the user cannot use yet (never signed
   * in, or the token was refused and could not be refreshed): its tools are unknown until then.
   */
  async signInsFor(userId: string, groups: readonly string[]): Promise<ToolSignIn[]> {
    return groups
      .filter((server) => this.manager.usesOAuth(server))
      .filter((server) => this.manager.existingConnection(userId, server)?.state !== 'connected')
      .map((server) => ({
        name: signInStepName(server),
        what: server,
        connect: async () => {
          const connection = await this.signedInConnection(userId, server);
          const { validators } = await loadMcpSdk();
          return connection.tools.map((info) => this.tool(server, info, validators));
        },
      }));
  }

  /**
   * The user's connection to a server, or SignInRequired with the authorization URL when the
   * server wants a sign-in first (the tool loop shows it and tries again once signed in).
   */
  private async signedInConnection(userId: string, server: string): Promise<McpConnection> {
    try {
      return await this.manager.connectionFor(userId, server);
    } catch (error) {
      if (error instanceof McpUnavailableError && error.oauthRequired)
        throw this.signInRequired(userId, server);
      throw error;
    }
  }

  private signInRequired(userId: string, server: string): SignInRequired {
    return new SignInRequired(mcpSignInKey(server), this.manager.pendingOAuthUrl(userId, server), server);
  }

  credentialTarget(pluginKey: string): CredentialTarget | undefined {
    const server = this.manager.serverNames.find((s) => mcpPluginKey(s) === pluginKey);
    const vars = server ? this.manager.config(server)?.customUserVars : undefined;
    if (!server || !vars) return undefined;
    return {
      pluginKey,
      name: server,
      authConfig: Object.entries(vars).map(([authField, v]) => ({
        authField,
        label: v.title,
        description: v.description ?? '',
      })),
      changed: (userId) => this.manager.disconnectUser(userId, server),
    };
  }

  /** The connection whose tools the user sees now; a per-user one is opened when it can be. */
  private async usableConnection(userId: string, server: string): Promise<McpConnection | null> {
    const existing = this.manager.existingConnection(userId, server);
    if (existing?.state === 'connected') return existing;
    if (!this.manager.isPerUser(server)) return null;
    // Listing tools signs nobody in: a server waiting for OAuth stays closed until the user does.
    if (existing?.oauthRequired || !(await this.manager.canConnectWithoutSignIn(userId, server))) return null;
    return this.manager.connectionFor(userId, server).catch(() => null);
  }

  private tool(server: string, info: McpToolInfo, validators: McpSdk['validators']): McpTool {
    const config = this.manager.config(server);
    const timeoutMs = config?.timeout ?? DEFAULT_CALL_TIMEOUT_MS;
    const validate = validators.getValidator(
      info.inputSchema as Parameters<typeof validators.getValidator>[0],
    );
    return {
      name: mcpToolName(info.name, server),
      server,
      description: info.description ?? info.title ?? info.name,
      inputSchema: info.inputSchema,
      input: z.record(z.string(), z.unknown()).superRefine((args, ctx) => {
        const result = validate(args);
        if (!result.valid)
          ctx.addIssue({ code: 'custom', message: result.errorMessage ?? 'invalid arguments' });
      }),
      authConfig: [],
      ...(config?.iconPath ? { icon: config.iconPath } : {}),
      // A tool the server marks destructive asks first; the operator's setting replaces that.
      approval:
        info.annotations?.destructiveHint === true && info.annotations.readOnlyHint !== true ? 'ask' : 'run',
      ...(config?.toolApproval ? { operatorApproval: config.toolApproval } : {}),
      timeoutMs,
      run: async (args, context) => {
        const connection = await this.signedInConnection(context.userId, server);
        const result = await connection
          .callTool(info.name, args as Record<string, unknown>, {
            signal: context.signal,
            timeoutMs,
            ...(context.reportProgress ? { onProgress: context.reportProgress } : {}),
          })
          .catch((error: unknown) => {
            // The token expired mid-session and its refresh was refused: sign in again.
            throw isUnauthorizedError(error) ? this.signInRequired(context.userId, server) : error;
          });
        const text = resultText(result);
        if (result.isError) throw new Error(text || `${info.name} failed`);
        return text;
      },
    };
  }
}

/** A tool result as the text the model reads: its text parts, and a line for each other part. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'image':
      case 'audio':
        return `[${part.type} ${part.mimeType}]`;
      case 'resource':
        return 'text' in part.resource ? part.resource.text : `[resource ${part.resource.uri}]`;
      case 'resource_link':
        return `[resource ${part.uri}]`;
      default:
        return '';
    }
  });
  const text = parts.filter(Boolean).join('\n');
  if (text || !result.structuredContent) return text;
  return JSON.stringify(result.structuredContent);
}
