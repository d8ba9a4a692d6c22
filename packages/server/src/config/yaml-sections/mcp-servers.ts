import { z } from 'zod';
import { notImplemented } from './section.ts';

const WEBSOCKET_SCHEME = /^wss?:\/\//i;

/**
 * One MCP tool server. Only the format's hard rules are checked (the connection type and the
 * scheme its URL must or must not use); the other keys are kept for when MCP lands.
 */
const mcpServer = z
  .looseObject({
    type: z.enum(['stdio', 'websocket', 'sse', 'streamable-http', 'http']).optional(),
    url: z.string().optional(),
    command: z.string().optional(),
  })
  .superRefine((server, ctx) => {
    const type =
      server.type ??
      (server.command ? 'stdio' : server.url && WEBSOCKET_SCHEME.test(server.url) ? 'websocket' : 'sse');
    if (type === 'stdio') {
      if (!server.command)
        ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs command' });
      return;
    }
    if (!server.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${type} server needs url` });
      return;
    }
    if (type === 'websocket' && !WEBSOCKET_SCHEME.test(server.url))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'a WebSocket server URL must start with ws:// or wss://',
      });
    if (type !== 'websocket' && WEBSOCKET_SCHEME.test(server.url))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `a ${type} server URL must not start with ws:// or wss://`,
      });
  });

/** `mcpServers`: tool servers by name. */
export const mcpServersSection = notImplemented(
  'MCP tool servers are not connected and their tools are not offered.',
  z.record(z.string(), mcpServer),
);
