import {
  actionParamsSchema,
  agentIdParamsSchema,
  createAgentSchema,
  listAgentsQuerySchema,
  revertAgentSchema,
  saveActionSchema,
  updateAgentSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import {
  loadAgentCaller,
  requireAgentPermission,
  requireBuilder,
  type AgentCaller,
  type AgentPermission,
} from '../services/agents/agent-caller.ts';
import type { AgentDeps } from '../services/agents/agent-deps.ts';
import { listAgentCategories, listAgentPage } from '../services/agents/agent-list.ts';
import {
  agentFor,
  createAgent,
  deleteAgent,
  duplicateAgent,
  findReadableAgent,
  updateAgent,
} from '../services/agents/agent-service.ts';
import { deleteAction, listActions, saveAction } from '../services/actions/action-service.ts';
import { listAgentVersions, revertAgent } from '../services/agents/agent-versions.ts';
import { resolveAgentsSettings } from '../services/agents/agents-settings.ts';

/**
 * Agents: every route needs AGENTS.USE; every change also needs AGENTS.CREATE and the
 * builder enabled in parley.yaml; sharing with all users needs AGENTS.SHARED_GLOBAL. Who may read
 * or change which agent is decided in the services, as for prompts: an agent the caller cannot see
 * is a 404, one they may use but not change a 403.
 */
export function agentRoutes(app: FastifyInstance, ctx: AppContext, engines: AppEngines): void {
  const auth = { preHandler: authenticate(ctx) };
  const deps: AgentDeps = {
    db: ctx.db,
    settings: resolveAgentsSettings(ctx.config.yaml.endpoints?.agents),
    tools: ctx.tools,
  };

  /** The caller with AGENTS.USE and, for writes, AGENTS.CREATE; 403 otherwise. */
  const caller = async (request: FastifyRequest, ...also: AgentPermission[]): Promise<AgentCaller> => {
    const found = await loadAgentCaller(ctx.db, currentUser(request).id);
    for (const permission of ['USE', ...also] as const) requireAgentPermission(found, permission);
    return found;
  };
  /** A caller about to change agents: CREATE, and the builder must be on. */
  const builder = async (request: FastifyRequest): Promise<AgentCaller> => {
    const found = await caller(request, 'CREATE');
    requireBuilder(deps.settings);
    return found;
  };
  const agentId = (request: FastifyRequest) => parse(agentIdParamsSchema, request.params, 'params').id;

  app.get('/api/agents', auth, async (request) => {
    const who = await caller(request);
    return listAgentPage(ctx.db, who, parse(listAgentsQuerySchema, request.query, 'query'));
  });

  app.get('/api/agents/categories', auth, async (request) =>
    listAgentCategories(ctx.db, await caller(request)),
  );

  app.post('/api/agents', auth, async (request, reply) => {
    const who = await builder(request);
    const agent = await createAgent(deps, who, parse(createAgentSchema, request.body));
    return reply.code(201).send(agent);
  });

  app.get('/api/agents/:id', auth, async (request) => {
    const who = await caller(request);
    return agentFor(who, await findReadableAgent(ctx.db, who, agentId(request)));
  });

  app.patch('/api/agents/:id', auth, async (request) => {
    const who = await builder(request);
    const id = agentId(request);
    return updateAgent(deps, who, id, parse(updateAgentSchema, request.body));
  });

  app.delete('/api/agents/:id', auth, async (request) => {
    const who = await builder(request);
    const id = agentId(request);
    await deleteAgent(ctx.db, who, id);
    return { message: 'Agent deleted', id };
  });

  app.post('/api/agents/:id/duplicate', auth, async (request, reply) => {
    const who = await builder(request);
    return reply.code(201).send(await duplicateAgent(deps, who, agentId(request)));
  });

  app.get('/api/agents/:id/versions', auth, async (request) => {
    const who = await caller(request);
    return listAgentVersions(deps, who, agentId(request));
  });

  app.post('/api/agents/:id/revert', auth, async (request) => {
    const who = await builder(request);
    const id = agentId(request);
    const { version } = parse(revertAgentSchema, request.body);
    return revertAgent(deps, who, id, version);
  });

  // Actions: an agent's OpenAPI tools. Changing them is changing the agent (its author or an admin).
  const actionParams = (request: FastifyRequest) => parse(actionParamsSchema, request.params, 'params');

  app.get('/api/agents/actions', auth, async (request) => listActions(ctx.db, await caller(request)));

  app.post('/api/agents/actions/:agent_id', auth, async (request) => {
    const who = await builder(request);
    const { agent_id } = actionParams(request);
    return saveAction(engines.chat.actions, who, agent_id, parse(saveActionSchema, request.body));
  });

  app.delete('/api/agents/actions/:agent_id/:action_id', auth, async (request) => {
    const who = await builder(request);
    const { agent_id, action_id } = actionParams(request);
    await deleteAction(ctx.db, who, agent_id, action_id!);
    return { message: 'Action deleted', action_id };
  });
}
