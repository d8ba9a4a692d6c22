import { mcpServerParamsSchema } from '@parley/schema';
import type { Answer, OperationDoc } from './operation-doc.ts';

const ok = (description: string): Answer => ({ status: 200, description });

/** MCP tool servers: connection state, connecting again, custom variables, OAuth sign-in. */
export const mcpOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/mcp/connection/status',
    tag: 'MCP',
    summary: "Each MCP server's connection state as you see it, and whether it needs you to sign in",
    access: 'user',
    answers: [ok('success and connectionStatus: server name → connectionState, requiresOAuth')],
  },
  {
    method: 'post',
    path: '/api/mcp/:serverName/reinitialize',
    tag: 'MCP',
    summary: 'Connect to an MCP server again (your own connection, or the shared one when it is down)',
    access: 'user',
    params: mcpServerParamsSchema,
    answers: [
      ok('success, message, serverName, oauthRequired and the oauthUrl to open when sign-in is needed'),
      { status: 404, description: 'No server of this name' },
    ],
  },
  {
    method: 'get',
    path: '/api/mcp/:serverName/auth-values',
    tag: 'MCP',
    summary: 'Which of the server’s custom variables you have set (never their values)',
    access: 'user',
    params: mcpServerParamsSchema,
    answers: [
      ok('success, serverName and authValueFlags: variable → set'),
      { status: 404, description: 'No server of this name' },
    ],
  },
  {
    method: 'post',
    path: '/api/mcp/oauth/cancel/:serverName',
    tag: 'MCP',
    summary: 'Cancel your waiting OAuth sign-in to a server',
    access: 'user',
    params: mcpServerParamsSchema,
    answers: [ok('success and message'), { status: 404, description: 'No server of this name' }],
  },
  {
    method: 'get',
    path: '/api/mcp/:serverName/oauth/callback',
    tag: 'MCP',
    summary:
      'Where the authorization server returns the sign-in popup (code and state); a state completes one sign-in only',
    access: 'public',
    params: mcpServerParamsSchema,
    answers: [
      {
        status: 302,
        description:
          'To /oauth/success?serverName=…, or /oauth/error?error=missing_code|missing_state|invalid_state|callback_failed',
      },
    ],
  },
];
