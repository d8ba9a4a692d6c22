import {
  API_AGENTS_PREFIX,
  type ApiChatRequest,
  type ApiTool,
  type ChatRequest,
  type ModelSpecsConfig,
} from '@parley/schema';
import type { AppContext, AuthUser } from '../../context.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { agentActionTools } from '../actions/action-service.ts';
import { AGENTS_ENDPOINT, resolveAgentRequest } from '../agents/agent-chat.ts';
import { chainRun } from '../agents/agent-chain-run.ts';
import type { ChatEngine } from '../chat/chat-engine-type.ts';
import { planChainTurn } from '../chat/chain-turn-plan.ts';
import { chooseModel } from '../chat/model-choice.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { AnswerSource, ModelCall } from '../generation/model-call.ts';
import { sessionCaller } from '../permissions/session-caller.ts';
import type { ProviderMessage, ProviderTool, ProviderToolChoice } from '../providers/provider.ts';
import { toolLoop } from '../tools/tool-loop.ts';
import { toProviderMessages } from './api-messages.ts';
import { parseApiModel } from './api-model-names.ts';

/** One `/v1/chat/completions` request resolved: who answers, with what, and how. */
export interface ApiChatPlan {
  userId: string;
  keyId: string;
  endpoint: ChatEndpoint;
  /** The model upstream (the agent's or the spec's for those names). */
  model: string;
  /** The request's messages as the pipeline's, the agent's or spec's instructions in front. */
  call: ModelCall;
  /** Where the answer's events come from: one model call, or an agent's tool loop. */
  source: AnswerSource;
  /** The agent answering (`agents/<id>`): its tool calls are its own and not shown to the client. */
  agent?: { id: string; name: string };
}

/** OpenAI's answer for a model name that names nothing the caller may use. */
export function modelNotFound(name: string): AppError {
  return new AppError('not_found', `The model \`${name}\` does not exist or you do not have access to it.`, {
    param: 'model',
    openaiCode: 'model_not_found',
  });
}

/** How long an agent's tool waits for credentials the API caller cannot give: not at all. */
const NO_AUTH_WAIT = { waitMs: 0, pollMs: 1_000 };

/**
 * Resolves an API chat request with the chat pipeline's own steps: the model spec's preset, the
 * agent's setup (resolveAgentRequest: AGENTS.USE, visibility, its provider, tools and chain), the
 * model and its parameters (chooseModel: the endpoint must offer it; parameters in range) and the
 * provider (the server's key, or the caller's own). Reads only.
 */
export async function planApiChat(
  ctx: AppContext,
  engine: Pick<
    ChatEngine,
    'endpoints' | 'keys' | 'userHttp' | 'agents' | 'actions' | 'toolCredentials' | 'approvals'
  >,
  caller: { user: AuthUser; keyId: string },
  body: ApiChatRequest,
): Promise<ApiChatPlan> {
  const userId = caller.user.id;
  const target = resolveSpec(ctx.config.yaml.modelSpecs, body.model);
  const asked: ChatRequest = { ...clientParameters(body), ...target.preset } as ChatRequest;
  const messages = await toProviderMessages(body.messages, engine.userHttp);
  if (target.kind === 'agent') {
    if (body.tools?.length)
      throw badRequest('An agent runs its own tools: send no tools with agents/…', [
        { path: 'tools', message: 'not accepted for agents' },
      ]);
    if (!ctx.config.interface.agents) throw modelNotFound(body.model);
    const agentRequest = await resolveAgentRequest(
      ctx.db,
      engine.agents,
      ctx.tools,
      await sessionCaller(ctx.db, caller.user),
      { ...asked, endpoint: AGENTS_ENDPOINT, agent_id: target.agentId } as ChatRequest,
    );
    const { agent } = agentRequest;
    const tools = [...agentRequest.tools, ...(await agentActionTools(engine.actions, [agent.id]))];
    const base = await modelCall(engine, agentRequest.endpointName, agentRequest.body, userId, body.model);
    const call = { ...base.call, messages: withInstructions(messages, agentRequest.body.promptPrefix) };
    const chain = await Promise.all(
      agentRequest.chain.map((m) => planChainTurn(engine, userId, m, call.messages)),
    );
    const setup = {
      tools,
      signIns: [],
      signInWaits: ctx.tools.signInWaits,
      recursionLimit: agentRequest.recursionLimit,
      userId,
      // Code the agent runs keeps its files under this id; the API call has no conversation.
      conversationId: `api-${caller.keyId}`,
      credentials: (owner: string, key: string) => engine.toolCredentials.get(owner, key),
      authWait: NO_AUTH_WAIT,
      // An API call cannot answer an approval: the agent's "ask" tools are declined with a
      // result saying so, and ask_user is refused.
      approval: {
        ...(agent.definition.toolApproval ? { policies: agent.definition.toolApproval } : {}),
        interactive: false,
        waits: engine.approvals,
        waitMs: engine.agents.toolApprovalTimeoutMs,
      },
    };
    return {
      userId,
      keyId: caller.keyId,
      ...base,
      call,
      source: chain.length > 0 ? chainRun(setup, agent.name, chain) : toolLoop(setup),
      agent: { id: agent.id, name: agent.name },
    };
  }
  const base = await modelCall(engine, target.endpointName, asked, userId, body.model);
  const call = { ...base.call, messages: withInstructions(messages, asked.promptPrefix) };
  return { userId, keyId: caller.keyId, ...base, call, source: clientToolsSource(body) };
}

type ResolvedTarget =
  | { kind: 'agent'; agentId: string; preset: Record<string, unknown> }
  | { kind: 'endpoint'; endpointName: string; preset: Record<string, unknown> };

/**
 * The model name resolved through parley.yaml's model specs: `spec/<name>` becomes the spec's
 * preset (an agent when its endpoint is `agents`); with specs enforced nothing else is accepted,
 * as in the chat, so a key cannot reach a model the operator did not offer.
 */
function resolveSpec(specs: ModelSpecsConfig | undefined, name: string): ResolvedTarget {
  const target = parseApiModel(name);
  if (!target) throw modelNotFound(name);
  if (specs?.enforce && target.kind !== 'spec')
    throw new AppError('illegal_model_request', 'Illegal model request: choose one of the spec/… models', {
      type: 'illegal_model_request',
      param: 'model',
    });
  if (target.kind === 'agent') return { kind: 'agent', agentId: target.agentId, preset: {} };
  if (target.kind === 'endpoint')
    return { kind: 'endpoint', endpointName: target.endpointName, preset: { model: target.model } };
  const spec = specs?.list.find((s) => s.name === target.name);
  if (!spec) throw modelNotFound(name);
  const { endpoint, ...preset } = spec.preset;
  const settings = Object.fromEntries(
    Object.entries(preset).filter(([, v]) => v !== null && v !== undefined),
  );
  if (endpoint === API_AGENTS_PREFIX) {
    const agentId = typeof preset.agent_id === 'string' ? preset.agent_id : '';
    return { kind: 'agent', agentId, preset: {} };
  }
  return { kind: 'endpoint', endpointName: endpoint, preset: settings };
}

/** The endpoint, model, parameters and provider of a request, as the chat resolves them. */
async function modelCall(
  engine: Pick<ChatEngine, 'endpoints' | 'keys' | 'userHttp'>,
  endpointName: string,
  body: ChatRequest,
  userId: string,
  asked: string,
): Promise<{ endpoint: ChatEndpoint; model: string; call: ModelCall }> {
  const endpoint = engine.endpoints.get(endpointName);
  if (!endpoint) throw modelNotFound(asked);
  const { model, parameters, access } = await chooseModel(engine, endpoint, body, userId).catch(
    (error: unknown) => {
      throw error instanceof AppError && error.code === 'illegal_model_request'
        ? modelNotFound(asked)
        : error;
    },
  );
  if (!access.provider) {
    const failure = access.failure;
    throw new AppError('bad_request', failure?.message ?? `${endpoint.name} cannot be called`, {
      openaiCode: failure?.key ?? 'provider_unavailable',
    });
  }
  return {
    endpoint,
    model,
    call: { provider: access.provider, model, messages: [], parameters: parameters.model },
  };
}

/** OpenAI's parameter names as the chat's (the endpoint's family checks their ranges). */
function clientParameters(body: ApiChatRequest): Record<string, unknown> {
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? undefined);
  const effort = body.reasoning_effort === 'minimal' ? 'low' : (body.reasoning_effort ?? undefined);
  const fields = {
    temperature: body.temperature,
    top_p: body.top_p,
    frequency_penalty: body.frequency_penalty,
    presence_penalty: body.presence_penalty,
    max_tokens: maxTokens,
    maxOutputTokens: maxTokens,
    stop,
    reasoning_effort: effort,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
}

/** The agent's or the spec's instructions before the client's own system prompt. */
function withInstructions(messages: ProviderMessage[], instructions: unknown): ProviderMessage[] {
  if (typeof instructions !== 'string' || !instructions.trim()) return messages;
  const [first, ...rest] = messages;
  if (first?.role === 'system')
    return [{ role: 'system', content: `${instructions}\n\n${first.content}` }, ...rest];
  return [{ role: 'system', content: instructions }, ...messages];
}

/**
 * One model call offering the client's tools (passed through: the model's calls go back to the
 * client, which runs them and sends the results in its next request).
 */
function clientToolsSource(body: ApiChatRequest): AnswerSource {
  const tools = body.tools?.map(providerToolOf);
  const toolChoice = toolChoiceOf(body.tool_choice);
  return (call, signal) =>
    call.provider.stream({
      model: call.model,
      messages: call.messages,
      parameters: call.parameters,
      ...(tools?.length ? { tools, ...(toolChoice ? { toolChoice } : {}) } : {}),
      signal,
    });
}

function providerToolOf(tool: ApiTool): ProviderTool {
  return {
    name: tool.function.name,
    description: tool.function.description ?? '',
    inputSchema: tool.function.parameters ?? { type: 'object', properties: {} },
  };
}

function toolChoiceOf(choice: ApiChatRequest['tool_choice']): ProviderToolChoice | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { name: choice.function.name };
}
