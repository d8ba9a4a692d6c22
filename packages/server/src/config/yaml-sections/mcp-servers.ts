import { z } from 'zod';
import { toolApprovalPolicySchema } from '@parley/schema';
import { implemented } from './section.ts';

const WEBSOCKET_SCHEME = /^wss?:\/\//i;
const HTTP_SCHEME = /^https?:\/\//i;

/**
 * A server's name ends each of its tools' names (`<tool>_mcp_<server>`), which providers limit to
 * letters, digits, `_` and `-`; the delimiter itself inside a name would make it ambiguous.
 */
const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** `{{NAME}}` in a URL, header, argument or environment value: filled per user at connection time. */
const USER_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const positiveMs = z.number().int().positive('must be a positive number of milliseconds');

/** One variable each user supplies (an API key, a workspace id); shown in the credential form. */
const customUserVar = z.strictObject({
  title: z.string().min(1),
  description: z.string().optional(),
});

/** OAuth 2.1 settings for a remote server; without them the server's own metadata is discovered. */
const oauthSettings = z.strictObject({
  authorization_url: z.url().optional(),
  token_url: z.url().optional(),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
  redirect_uri: z.url().optional(),
  token_exchange_method: z.enum(['default_post', 'basic_auth_header']).optional(),
  grant_types_supported: z.array(z.string()).optional(),
  response_types_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

const commonFields = {
  /** Milliseconds one tool call may take. */
  timeout: positiveMs.optional(),
  /** Milliseconds the connection and MCP handshake may take. */
  initTimeout: positiveMs.optional(),
  iconPath: z.string().optional(),
  /** Whether the server appears in the chat input's MCP picker (default true). */
  chatMenu: z.boolean().optional(),
  /** true: the server's own instructions go into the prompt; a string: these instead. */
  serverInstructions: z.union([z.boolean(), z.string()]).optional(),
  customUserVars: z
    .record(
      z.string().regex(USER_VAR_NAME, 'must be a letter or _ followed by letters, digits or _'),
      customUserVar,
    )
    .optional(),
  oauth: oauthSettings.optional(),
  /** false: not connected at start; connected on first use instead. */
  startup: z.boolean().optional(),
  /** Asks for OAuth even if the server does not answer 401 first. */
  requiresOAuth: z.boolean().optional(),
  /**
   * How the server's tools' calls are let through: run, ask (the user approves each) or never.
   * Replaces the default (ask for tools annotated destructive); an agent may be stricter only.
   */
  toolApproval: toolApprovalPolicySchema.optional(),
};

const stdioServer = z.strictObject({
  type: z.literal('stdio'),
  command: z.string().min(1, 'a stdio server needs command'),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  ...commonFields,
});

const websocketServer = z.strictObject({
  type: z.literal('websocket'),
  url: z.string().regex(WEBSOCKET_SCHEME, 'WebSocket URL must start with ws:// or wss://'),
  headers: z.record(z.string(), z.string()).optional(),
  ...commonFields,
});

const httpUrl = (label: string) =>
  z
    .string()
    .refine((url) => !WEBSOCKET_SCHEME.test(url), `${label} URL must not start with ws:// or wss://`)
    .refine(
      (url) => WEBSOCKET_SCHEME.test(url) || HTTP_SCHEME.test(url),
      `${label} URL must start with http:// or https://`,
    );

const sseServer = z.strictObject({
  type: z.literal('sse'),
  url: httpUrl('SSE'),
  headers: z.record(z.string(), z.string()).optional(),
  ...commonFields,
});

const streamableHttpServer = z.strictObject({
  type: z.literal('streamable-http'),
  url: httpUrl('Streamable HTTP'),
  headers: z.record(z.string(), z.string()).optional(),
  ...commonFields,
});

/**
 * The format lets `type` be left out (a command means stdio, a ws:// URL websocket, another URL
 * sse) and spells streamable HTTP also `http`; both are normalised before the strict check.
 */
function withType(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const server = value as Record<string, unknown>;
  if (server.type === 'http') return { ...server, type: 'streamable-http' };
  if (server.type !== undefined) return server;
  if (typeof server.command === 'string') return { ...server, type: 'stdio' };
  if (typeof server.url === 'string')
    return { ...server, type: WEBSOCKET_SCHEME.test(server.url) ? 'websocket' : 'sse' };
  return server;
}

export const mcpServerSchema = z.preprocess(
  withType,
  z.discriminatedUnion('type', [stdioServer, websocketServer, sseServer, streamableHttpServer], {
    error: 'type must be stdio, websocket, sse or streamable-http (or give command or url)',
  }),
);

export type McpServerConfig = z.infer<typeof mcpServerSchema>;

/** `{{NAME}}` placeholders every user has without setting them: who is connecting. */
export const BUILT_IN_USER_PLACEHOLDERS = [
  'LIBRECHAT_USER_ID',
  'LIBRECHAT_USER_EMAIL',
  'LIBRECHAT_USER_USERNAME',
];

/** Every string a connection is made from, where `{{NAME}}` placeholders may stand. */
export function templatedStrings(server: McpServerConfig): string[] {
  const values = (record: Record<string, string> | undefined) => Object.values(record ?? {});
  switch (server.type) {
    case 'stdio':
      return [server.command, ...(server.args ?? []), ...values(server.env)];
    default:
      return [server.url, ...values(server.headers)];
  }
}

/** The `{{NAME}}` placeholders in a string. */
export function placeholdersIn(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]!);
}

/** `mcpServers`: MCP tool servers by name, whose tools agents and conversations can use. */
export const mcpServersSchema = z.record(z.string(), mcpServerSchema).superRefine((servers, ctx) => {
  for (const [name, server] of Object.entries(servers)) {
    if (!SERVER_NAME.test(name))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: "a server name is letters, digits, _ and - (it ends its tools' names)",
      });
    if (name.includes('_mcp_'))
      ctx.addIssue({ code: 'custom', path: [name], message: 'a server name must not contain _mcp_' });
    const known = new Set([...Object.keys(server.customUserVars ?? {}), ...BUILT_IN_USER_PLACEHOLDERS]);
    for (const value of templatedStrings(server)) {
      for (const placeholder of placeholdersIn(value)) {
        if (!known.has(placeholder))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `{{${placeholder}}} is not one of the server's customUserVars`,
          });
      }
    }
  }
});

export const mcpServersSection = implemented(mcpServersSchema);
