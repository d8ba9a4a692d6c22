import { chatParametersSchema, parseMcpToolName, type ChatRequest } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { AgentRow } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { ToolSignIn } from '../tools/tool-sign-in.ts';
import type { SessionCaller } from '../permissions/session-caller.ts';
import { requireAgentPermission } from './agent-caller.ts';
import { toolCapability } from './agent-rules.ts';
import { chainIds, loadChain, unavailableAgentMessage, type ChainMember } from './agent-chain.ts';
import { findReadableAgent } from './agent-service.ts';
import { roleMayUseTool } from './ephemeral-agent.ts';
import type { AgentsSettings } from './agents-settings.ts';

/** The endpoint name of agent runs (`POST /api/agents/chat/agents`, conversations' `endpoint`). */
export const AGENTS_ENDPOINT = 'agents';

/** What an agent request resolves to before the ordinary chat plan takes over. */
export interface AgentRequest {
  agent: AgentRow;
  /** The endpoint that answers: the agent's provider. */
  endpointName: string;
  /** The request with the agent's model, parameters and instructions in place of the client's. */
  body: ChatRequest;
  /** The agent's tools that exist on this server and whose capability is on. */
  tools: Tool[];
  /** Sign-ins the run does first: servers of the agent's tools that list them only after one. */
  signIns: ToolSignIn[];
  recursionLimit: number;
  /** The agents that answer after this one (empty unless the `chain` capability is on). */
  chain: ChainedAgent[];
}

/**
 * An agent after the first, set up as the first is (with its own step limit), or the reason it
 * cannot answer: the run hands over to it and ends there with that error part.
 */
export type ChainedAgent =
  | { agentId: string; agent: AgentRow; setup: AgentSetup; recursionLimit: number }
  | { agentId: string; agent: null; name: string; failure: string };

/** What one agent makes of a request: who answers (its provider), the request, its tools. */
export interface AgentSetup {
  endpointName: string;
  body: ChatRequest;
  tools: Tool[];
  signIns: ToolSignIn[];
}

/**
 * Resolves a request on the agents endpoint: the caller must hold AGENTS.USE (403) and be able
 * to see the agent (404, the same for a missing agent and someone else's private one). The agent
 * decides provider, model, parameters and instructions; the client's own choices of those are
 * ignored. An agent whose provider parley.yaml no longer allows is refused with
 * `invalid_agent_provider`. The caller comes from the session check and the roles cache (no read of
 * the user: this runs on every agent run, and a run needs no name).
 */
export async function resolveAgentRequest(
  db: Database,
  settings: AgentsSettings,
  registry: ToolRegistry,
  caller: SessionCaller,
  body: ChatRequest,
): Promise<AgentRequest> {
  if (!body.agent_id)
    throw badRequest('agent_id is required', [{ path: 'agent_id', message: 'name the agent to talk to' }]);
  requireAgentPermission(caller, 'USE');
  const agent = await findReadableAgent(db, caller, body.agent_id);
  const chained = settings.capabilities.has('chain')
    ? await loadChain(db, caller, chainIds(agent.id, agent.definition))
    : [];
  const setup = await agentSetup(settings, registry, caller, agent, body);
  const chain = await Promise.all(
    chained.map((member) => chainedAgent(settings, registry, caller, member, body)),
  );
  return { agent, ...setup, recursionLimit: runLimit(settings, agent.definition.recursion_limit), chain };
}

/**
 * A chained agent's setup. What would refuse the request for the first agent (a provider
 * parley.yaml no longer allows, parameters no longer valid) or an agent the caller may not use
 * ends the chain at that agent instead, after the agents before it answered.
 */
async function chainedAgent(
  settings: AgentsSettings,
  registry: ToolRegistry,
  caller: SessionCaller,
  member: ChainMember,
  body: ChatRequest,
): Promise<ChainedAgent> {
  const { id: agentId, agent } = member;
  if (!agent) return { agentId, agent: null, name: '', failure: unavailableAgentMessage(agentId) };
  try {
    const setup = await agentSetup(settings, registry, caller, agent, body);
    return { agentId, agent, setup, recursionLimit: runLimit(settings, agent.definition.recursion_limit) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { agentId, agent: null, name: agent.name, failure: `${agent.name || agentId}: ${error.message}` };
  }
}

/**
 * One agent's setup of a request: its provider (which parley.yaml must still allow), model,
 * valid parameters and instructions in place of the client's, and its tools.
 */
async function agentSetup(
  settings: AgentsSettings,
  registry: ToolRegistry,
  caller: SessionCaller,
  agent: AgentRow,
  body: ChatRequest,
): Promise<AgentSetup> {
  const d = agent.definition;
  if (settings.allowedProviders && !settings.allowedProviders.has(d.provider)) {
    throw new AppError(
      'invalid_agent_provider',
      `Agents may not use the provider ${d.provider} on this server`,
    );
  }
  const parameters = chatParametersSchema.safeParse(d.model_parameters);
  if (!parameters.success) {
    throw badRequest(
      "The agent's model parameters are invalid",
      parameters.error.issues.map((i) => ({
        path: `model_parameters.${i.path.join('.')}`,
        message: i.message,
      })),
    );
  }
  return {
    endpointName: d.provider,
    body: {
      ...withoutModelSetup(body),
      ...stripUndefined(parameters.data),
      model: d.model,
      promptPrefix: d.instructions || null,
      endpoint: d.provider,
      // The agent decides whether its answers may hold artifacts ("" is off), when the
      // deployment lets agents use them at all.
      artifacts: settings.capabilities.has('artifacts') ? (d.artifacts ?? '') : '',
    },
    ...(await agentTools(registry, settings, caller, d.tools)),
  };
}

/**
 * The agent's tools the caller can use now, and a sign-in step for each OAuth server among the
 * rest whose tools appear only once the caller signed in; what a sign-in brings is narrowed to
 * the agent's own tools of that server.
 */
async function agentTools(
  registry: ToolRegistry,
  settings: AgentsSettings,
  caller: SessionCaller,
  names: readonly string[],
): Promise<{ tools: Tool[]; signIns: ToolSignIn[] }> {
  const allowed = (name: string) =>
    settings.capabilities.has(toolCapability(name)) && roleMayUseTool(caller.role, name);
  const tools = await enabledTools(registry, settings, caller, names);
  const have = new Set(tools.map((t) => t.name));
  const wanted = new Set(names.filter((n) => allowed(n) && !have.has(n)));
  const servers = new Set([...wanted].flatMap((n) => parseMcpToolName(n)?.server ?? []));
  const signIns = (await registry.signInsFor(caller.id, [...servers])).map((signIn) => ({
    ...signIn,
    connect: async () => (await signIn.connect()).filter((t) => wanted.has(t.name)),
  }));
  return { tools, signIns };
}

/**
 * The named tools the caller can use now (an MCP server that cannot be reached leaves its tools
 * out), whose capability parley.yaml leaves on (it may have changed since the agent was saved) and
 * that the caller's role allows (RUN_CODE / WEB_SEARCH / FILE_SEARCH USE): a shared agent runs for
 * a user whose role lacks one of them without that tool.
 */
async function enabledTools(
  registry: ToolRegistry,
  settings: AgentsSettings,
  caller: SessionCaller,
  names: readonly string[],
): Promise<Tool[]> {
  const tools = await registry.resolve(caller.id, names);
  return tools.filter(
    (tool) => settings.capabilities.has(toolCapability(tool.name)) && roleMayUseTool(caller.role, tool.name),
  );
}

/** The agent's own step limit, or the server's; never above the server's ceiling. */
export function runLimit(settings: AgentsSettings, own: number | null): number {
  const limit = own ?? settings.recursionLimit;
  return settings.maxRecursionLimit === null ? limit : Math.min(limit, settings.maxRecursionLimit);
}

/** The request without the client's model setup, which the agent replaces. */
function withoutModelSetup(body: ChatRequest): ChatRequest {
  const copy: Record<string, unknown> = { ...body };
  for (const key of Object.keys(chatParametersSchema.shape)) {
    if (key !== 'agent_id') delete copy[key];
  }
  for (const key of ['modelLabel', 'chatGptLabel', 'promptPrefix', 'system', 'iconURL', 'spec'])
    delete copy[key];
  return copy as ChatRequest;
}

function stripUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null),
  ) as Partial<T>;
}
