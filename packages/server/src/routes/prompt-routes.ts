import {
  PROMPT_CATEGORY_OPTIONS,
  createPromptSchema,
  deletePromptQuerySchema,
  listPromptGroupsQuerySchema,
  listPromptVersionsQuerySchema,
  promptGroupFilterQuerySchema,
  promptGroupIdParamsSchema,
  promptIdParamsSchema,
  updatePromptGroupSchema,
  type CreatePromptResult,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import {
  loadPromptCaller,
  requirePromptPermission,
  type PromptCaller,
  type PromptPermission,
} from '../services/prompts/prompt-caller.ts';
import { listAllPromptGroups, listPromptGroupPage } from '../services/prompts/prompt-group-list.ts';
import {
  createPromptGroup,
  deletePromptGroup,
  loadPromptGroup,
  updatePromptGroup,
} from '../services/prompts/prompt-group-service.ts';
import {
  addPromptVersion,
  deletePromptVersion,
  getPromptVersion,
  listPromptVersions,
  makePromptProduction,
} from '../services/prompts/prompt-version-service.ts';

/**
 * The prompt library. Every route needs PROMPTS.USE; every change also needs
 * PROMPTS.CREATE (as in LibreChat, where all prompt writes check it); sharing to all users needs
 * PROMPTS.SHARED_GLOBAL. Who may read or change which group is decided in the services.
 */
export function promptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };

  /** The caller with PROMPTS.USE and, for writes, PROMPTS.CREATE; 403 otherwise. */
  const caller = async (request: FastifyRequest, ...also: PromptPermission[]): Promise<PromptCaller> => {
    const found = await loadPromptCaller(ctx.db, currentUser(request).id);
    for (const permission of ['USE', ...also] as const) requirePromptPermission(found, permission);
    return found;
  };

  app.get('/api/categories', auth, async () => PROMPT_CATEGORY_OPTIONS);

  app.get('/api/prompts', auth, async (request) => {
    const who = await caller(request);
    const { groupId } = parse(listPromptVersionsQuerySchema, request.query, 'query');
    return listPromptVersions(ctx.db, who, groupId);
  });

  app.get('/api/prompts/all', auth, async (request) => {
    const who = await caller(request);
    return listAllPromptGroups(ctx.db, who, parse(promptGroupFilterQuerySchema, request.query, 'query'));
  });

  app.get('/api/prompts/groups', auth, async (request) => {
    const who = await caller(request);
    return listPromptGroupPage(ctx.db, who, parse(listPromptGroupsQuerySchema, request.query, 'query'));
  });

  app.get('/api/prompts/groups/:groupId', auth, async (request) => {
    const who = await caller(request);
    const { groupId } = parse(promptGroupIdParamsSchema, request.params, 'params');
    return loadPromptGroup(ctx.db, who, groupId);
  });

  app.patch('/api/prompts/groups/:groupId', auth, async (request) => {
    const who = await caller(request, 'CREATE');
    const { groupId } = parse(promptGroupIdParamsSchema, request.params, 'params');
    return updatePromptGroup(ctx.db, who, groupId, parse(updatePromptGroupSchema, request.body));
  });

  app.delete('/api/prompts/groups/:groupId', auth, async (request) => {
    const who = await caller(request, 'CREATE');
    const { groupId } = parse(promptGroupIdParamsSchema, request.params, 'params');
    await deletePromptGroup(ctx.db, who, groupId);
    return { promptGroup: 'Prompt group deleted successfully' };
  });

  app.get('/api/prompts/:promptId', auth, async (request) => {
    const who = await caller(request);
    const { promptId } = parse(promptIdParamsSchema, request.params, 'params');
    return getPromptVersion(ctx.db, who, promptId);
  });

  app.post('/api/prompts', auth, async (request): Promise<CreatePromptResult> => {
    const who = await caller(request, 'CREATE');
    const body = parse(createPromptSchema, request.body);
    const { groupId } = body.prompt;
    if (groupId !== undefined) {
      return { prompt: await addPromptVersion(ctx.db, who, { ...body.prompt, groupId }) };
    }
    // The schema guarantees a group whenever there is no groupId.
    return createPromptGroup(ctx.db, who, { ...body, group: body.group! });
  });

  app.patch('/api/prompts/:promptId/tags/production', auth, async (request) => {
    const who = await caller(request, 'CREATE');
    const { promptId } = parse(promptIdParamsSchema, request.params, 'params');
    await makePromptProduction(ctx.db, who, promptId);
    return { message: 'Prompt production made successfully' };
  });

  app.delete('/api/prompts/:promptId', auth, async (request) => {
    const who = await caller(request, 'CREATE');
    const { promptId } = parse(promptIdParamsSchema, request.params, 'params');
    const { groupId } = parse(deletePromptQuerySchema, request.query, 'query');
    return deletePromptVersion(ctx.db, who, promptId, groupId);
  });
}
