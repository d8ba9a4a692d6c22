import {
  codeRunId,
  hasPermission,
  toolCallBodySchema,
  type CodeRunQueueState,
  type ToolAuthState,
  type ToolCallResult,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { toolCalls } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors/app-error.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { executeCode } from '../services/code-execution/execute-code.ts';
import { getMessage } from '../services/messages/message-service.ts';
import { loadSharedEntityCaller } from '../services/permissions/shared-entity-caller.ts';
import { ToolCredentialStore } from '../services/tool-credentials/tool-credential-store.ts';
import { listToolEntries } from '../services/tool-credentials/tool-entries.ts';
import { EXECUTE_CODE } from '../services/tools/execute-code-tool.ts';
import { switchedOffToolAuth } from '../services/tool-credentials/switched-off-tools.ts';

/**
 * Tools called from the browser rather than by a model: the Run button on a code block
 * posts its code to execute_code, and asks first whether the tool needs a key from the user
 * (the built-in engines never do: "system_defined").
 */
export function codeRunRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };
  const credentials = new ToolCredentialStore(ctx.db, ctx.config.secrets.credsKey);
  const toolId = (request: FastifyRequest) => (request.params as { toolId: string }).toolId;

  app.get('/api/agents/tools/:toolId/auth', auth, async (request): Promise<ToolAuthState> => {
    const entries = await listToolEntries(ctx.tools, credentials, currentUser(request).id);
    const entry = entries.find((e) => e.pluginKey === toolId(request));
    if (!entry) {
      const off = switchedOffToolAuth(toolId(request));
      if (off) return off;
      throw notFound(`There is no tool named ${toolId(request).slice(0, 100)} here.`);
    }
    if (entry.authConfig.length === 0) return { authenticated: true, message: 'system_defined' };
    return {
      authenticated: entry.authenticated,
      message: entry.authenticated ? 'user_provided' : 'not_authenticated',
    };
  });

  // Where the caller's Run-button run waits for a free slot (the button shows "n ahead").
  app.get(
    `/api/agents/tools/${EXECUTE_CODE}/queue/:runId`,
    auth,
    async (request): Promise<CodeRunQueueState> => {
      const runId = parse(codeRunId, (request.params as { runId: string }).runId);
      return { ahead: ctx.codeRunScheduler.waitingAhead(currentUser(request).id, runId) };
    },
  );

  app.post('/api/agents/tools/:toolId/call', auth, async (request, reply): Promise<ToolCallResult> => {
    if (toolId(request) !== EXECUTE_CODE || !ctx.tools.get(EXECUTE_CODE)) {
      throw notFound(`Only ${EXECUTE_CODE} can be called from a message here.`);
    }
    if (!ctx.config.interface.runCode) throw forbidden('Running code is turned off on this server.');
    const userId = currentUser(request).id;
    const caller = await loadSharedEntityCaller(ctx.db, userId);
    if (!hasPermission(caller.role, 'RUN_CODE', 'USE')) {
      throw forbidden('You do not have permission to run code.');
    }
    const body = parse(toolCallBodySchema, request.body);
    const message = await getMessage(ctx.db, userId, body.conversationId, body.messageId);
    if (!message) throw notFound('Message not found');
    // A browser that goes away while its run waits for a slot takes the run out of the queue.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const answer = await executeCode(
      { runner: ctx.codeRunner, scheduler: ctx.codeRunScheduler, db: ctx.db, blobStore: ctx.blobStore },
      userId,
      body.conversationId,
      body,
      { signal: gone.signal, runId: body.runId },
    );
    await ctx.db.insert(toolCalls).values({
      userId,
      conversationId: body.conversationId,
      messageId: body.messageId,
      toolId: EXECUTE_CODE,
      partIndex: body.partIndex,
      blockIndex: body.blockIndex,
      result: answer.result,
      attachments: answer.attachments,
    });
    return answer;
  });
}
