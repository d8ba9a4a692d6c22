import { toolCallsQuerySchema, userPluginsSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { listToolCalls } from '../services/tools/tool-calls.ts';
import { ToolCredentialStore } from '../services/tool-credentials/tool-credential-store.ts';
import { changeToolCredentials, listToolEntries } from '../services/tool-credentials/tool-entries.ts';

/**
 * Tools: the tools that exist with the caller's credential state, the caller's
 * credentials for them (encrypted under CREDS_KEY), and the tool calls saved in a conversation.
 */
export function toolRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };
  const credentials = new ToolCredentialStore(ctx.db, ctx.config.secrets.credsKey);

  app.get('/api/agents/tools', auth, async (request) =>
    listToolEntries(ctx.tools, credentials, currentUser(request).id),
  );

  app.get('/api/plugins', auth, async (request) =>
    listToolEntries(ctx.tools, credentials, currentUser(request).id),
  );

  app.post('/api/user/plugins', auth, async (request) =>
    changeToolCredentials(
      ctx.tools,
      credentials,
      currentUser(request).id,
      parse(userPluginsSchema, request.body),
    ),
  );

  app.get('/api/agents/tools/calls', auth, async (request) => {
    const { conversationId } = parse(toolCallsQuerySchema, request.query, 'query');
    return listToolCalls(ctx.db, currentUser(request).id, conversationId);
  });
}
