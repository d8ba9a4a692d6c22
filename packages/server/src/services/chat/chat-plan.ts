import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_SETTING_KEYS,
  DEFAULT_CONVERSATION_TITLE,
  fileLimitsFor,
  type AgentDefinition,
  type ChatRequest,
} from '@parley/schema';
import type { AppContext, AuthUser } from '../../context.ts';
import type { ConversationRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { trimHistory } from '../context/trim-history.ts';
import { ASSISTANTS_ENDPOINTS, assistantsRetired } from '../endpoints/assistants-retired.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import { resolveFileConfig } from '../files/file-config.ts';
import type { ChatEngine } from './chat-engine-type.ts';
import type { ChatPlan } from './chat-plan-type.ts';
import { chooseModel } from './model-choice.ts';
import { prepareExchange, type Exchange } from './chat-exchange.ts';
import { findConversation } from '../conversation-records/conversation-access.ts';
import { loadBranchMessages } from './chat-persistence.ts';
import { toProviderMessages } from './conversation-history.ts';
import { applyModelSpec } from './apply-model-spec.ts';
import { sessionCaller } from '../permissions/session-caller.ts';
import { withMemories } from '../memories/memory-prompt.ts';
import { withToolInstructions } from '../tools/tool-instructions.ts';
import { withArtifactsPrompt } from './artifacts-prompt.ts';
import { attachImages, type MessageImageOptions } from './message-images.ts';
import { giveDocuments } from '../documents/give-documents.ts';
import { documentBudget } from '../documents/document-budget.ts';
import { withDocumentUses } from './recorded-document-uses.ts';
import { withAttachedFileSearch, withProjectFileSearch } from './attached-file-search.ts';
import { agentActionTools } from '../actions/action-service.ts';
import { AGENTS_ENDPOINT, resolveAgentRequest, runLimit } from '../agents/agent-chat.ts';
import { ephemeralTools, roleMayUseTool } from '../agents/ephemeral-agent.ts';
import { toolsWithoutCapability } from '../agents/agent-rules.ts';
import { resolveAgentsSettings } from '../agents/agents-settings.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolSignIn } from '../tools/tool-sign-in.ts';
import { planChainTurn } from './chain-turn-plan.ts';
import { chatProject, withProjectInstructions, type ChatProject } from '../projects/project-chat.ts';
import { PROJECT_NOT_FOUND } from '../projects/project-access.ts';

/**
 * Resolves a chat request into a plan: endpoint and model (an unknown model is refused as an
 * illegal model request), parameters (out of range: refused, before anything is saved), the
 * provider access (the user's own key when the endpoint needs one), the conversation (which must
 * be the caller's and visible), the request's place in the tree, and the messages to send. Reads
 * only; nothing is written.
 */
export async function planChat(
  ctx: AppContext,
  services: Pick<
    ChatEngine,
    'endpoints' | 'keys' | 'userHttp' | 'memories' | 'agents' | 'actions' | 'toolCredentials' | 'approvals'
  >,
  request: {
    user: AuthUser;
    endpointName: string | undefined;
    body: ChatRequest;
    resumable: boolean;
    /** For a second answer (multi-conversation): the plan of the first, whose message both answer. */
    answering?: ChatPlan;
    /**
     * For a second answer regenerated on its own: the id of the first answer it stands beside,
     * which is not answered again.
     */
    pairedWith?: string;
  },
): Promise<ChatPlan> {
  const { user } = request;
  const userId = user.id;
  // The user's memories (when they keep them on) are read while the rest is resolved.
  const memories = services.memories.forChat(userId, () => sessionCaller(ctx.db, user));
  memories.catch(() => undefined);
  // Whether the memory step will follow the answer, decided alongside (cached like the memories).
  const memoryStep = services.memories
    .stepAllowed(userId, () => sessionCaller(ctx.db, user))
    .catch(() => false);
  // Under parley.yaml's model specs the spec's preset decides endpoint, model and parameters.
  const asked = applyModelSpec(ctx.config.yaml.modelSpecs, request.endpointName, request.body);
  // On the agents endpoint the agent decides provider, model, parameters, instructions and tools.
  const agentRequest = isAgentsRequest(asked.endpointName, asked.body)
    ? await resolveAgentRequest(
        ctx.db,
        services.agents,
        ctx.tools,
        await sessionCaller(ctx.db, user),
        asked.body,
      )
    : null;
  const endpointName = agentRequest?.endpointName ?? asked.endpointName;
  const body = agentRequest?.body ?? asked.body;
  const fileSearchAllowed = async () =>
    ctx.config.interface.fileSearch &&
    roleMayUseTool((await sessionCaller(ctx.db, user)).role, 'file_search');
  // An agent's tools are its named ones and the operations of its actions (OpenAPI tools).
  const requestTools = await withAttachedFileSearch(
    ctx.db,
    ctx.tools,
    userId,
    body.files,
    agentRequest
      ? [...agentRequest.tools, ...(await agentActionTools(services.actions, [agentRequest.agent.id]))]
      : await chosenTools(ctx, user, body),
    fileSearchAllowed,
  );
  // Servers whose tools were asked for but appear only once the user signed in (OAuth).
  const signIns = agentRequest?.signIns ?? (await chosenSignIns(ctx, userId, body, requestTools));
  // The instructions of the tool servers this run offers (an MCP server's serverInstructions).
  const toolInstructions =
    requestTools.length > 0
      ? ctx.tools.instructionsFor(
          userId,
          requestTools.map((t) => t.name),
        )
      : Promise.resolve([]);
  toolInstructions.catch(() => undefined);
  const endpoint = resolveEndpoint(services.endpoints, endpointName, body);
  const { model, parameters, access } = await chooseModel(services, endpoint, body, userId);
  // A follow-up reads its conversation and the messages to send upstream at the same time.
  const branchMessages = body.conversationId
    ? loadBranchMessages(ctx.db, userId, body.conversationId)
    : undefined;
  branchMessages?.catch(() => undefined);
  const existing = body.conversationId ? await findConversation(ctx.db, userId, body.conversationId) : null;
  if (body.conversationId && !existing) throw notFound('Conversation not found');
  const project = await projectOfChat(ctx, userId, existing, body.projectId);
  // A project's knowledge files are searched in every conversation in it.
  const tools = await withProjectFileSearch(ctx.tools, project, requestTools, fileSearchAllowed);
  const { answering } = request;
  // The first answer a second one stands beside (multi-conversation), when this is a second answer.
  const pairedWith = answering?.exchange.responseMessageId ?? request.pairedWith;
  const second = pairedWith !== undefined;
  const conversationId = existing?.conversationId ?? answering?.conversation.conversationId ?? randomUUID();
  const settings = agentRequest ? { agent_id: agentRequest.agent.id } : pickSettings(body);
  const expiredAt = body.isTemporary
    ? new Date(Date.now() + ctx.config.interface.temporaryChatRetention * 3_600_000)
    : undefined;
  const fields = {
    endpoint: agentRequest ? AGENTS_ENDPOINT : endpoint.name,
    endpointType: agentRequest ? null : endpoint.type,
    model,
    settings,
    ...(expiredAt ? { expiredAt } : {}),
  };
  const planned = answering
    ? secondAnswer(answering.exchange)
    : await prepareExchange(ctx.db, {
        userId,
        conversationId,
        body,
        endpoint: fields.endpoint,
        model,
        branchMessages,
        newConversation: existing
          ? null
          : {
              conversationId,
              userId,
              title: DEFAULT_CONVERSATION_TITLE,
              ...fields,
              expiredAt: expiredAt ?? null,
              projectId: project?.id ?? null,
            },
      });
  // The oldest turns give way when the conversation outgrows the model's context; pictures are
  // loaded (and the new message's files checked) before anything is saved.
  const {
    messages: trimmed,
    tokens: historyTokens,
    budget: promptBudget,
  } = await trimHistory(
    toProviderMessages(
      planned.branch,
      withArtifactsPrompt(
        withMemories(
          withToolInstructions(
            withProjectInstructions(body.promptPrefix ?? body.system ?? promptPrefixOf(existing), project),
            await toolInstructions,
          ),
          await memories,
        ),
        body.artifacts ?? existing?.settings.artifacts,
        ctx.config.env.ARTIFACTS_ALLOW_NETWORK,
      ),
    ),
    {
      model,
      maxContextTokens: parameters.maxContextTokens ?? endpoint.maxContextTokens,
      maxOutputTokens: parameters.model.maxOutputTokens,
    },
  );
  const fileConfig = resolveFileConfig(ctx.config.yaml.fileConfig);
  const resendFiles = (body.resendFiles ?? existing?.settings.resendFiles) as boolean | null | undefined;
  // Documents go in as text (whole, or the passages that answer the question) before pictures.
  const documents = await giveDocuments(trimmed, {
    db: ctx.db,
    store: ctx.blobStore,
    userId,
    budget: documentBudget({
      fileTokenLimit: fileConfig.fileTokenLimit,
      promptBudget,
      promptTokens: historyTokens,
    }),
    resendFiles,
    embeddings: ctx.fileEmbeddings,
    ocr: ctx.ocr,
    ...(agentRequest ? { agentFiles: agentOcrFiles(agentRequest.agent) } : {}),
  });
  const promptTokens = historyTokens + documents.tokens;
  const exchange = withDocumentUses(planned, documents.uses);
  const messages = await attachImages(documents.messages, {
    db: ctx.db,
    store: ctx.blobStore,
    userId,
    endpointKind: endpoint.type,
    limits: fileLimitsFor(fileConfig, endpoint.name),
    imageDetail: (body.imageDetail ?? existing?.settings.imageDetail) as MessageImageOptions['imageDetail'],
    resendFiles,
  });
  const chain = await Promise.all(
    (agentRequest?.chain ?? []).map((member) => planChainTurn(services, userId, member, messages)),
  );
  return {
    userId,
    endpoint,
    model,
    call: {
      provider: access.provider ?? null,
      missingProvider: access.failure,
      model,
      messages,
      parameters: parameters.model,
    },
    promptTokens,
    delivery: {
      withheld: (body.disableStreaming ?? existing?.settings.disableStreaming) === true,
      pauseMs: endpoint.streamRate ?? 0,
    },
    conversation: { conversationId, exists: existing !== null, fields },
    exchange,
    answer: {
      sender:
        agentRequest?.agent.name ??
        body.modelLabel ??
        body.chatGptLabel ??
        endpoint.modelDisplayLabel ??
        endpoint.name,
      metadata: {
        ...(body.iconURL ? { iconURL: body.iconURL } : {}),
        // A second answer names the first, so clients can show the two side by side.
        ...(second ? { pairedAnswerId: pairedWith } : {}),
      },
      wantsTitle: !existing && !second,
    },
    resumable: request.resumable,
    memoryStep: !second && !expiredAt && !existing?.expiredAt && (await memoryStep),
    ...(tools.length > 0 || signIns.length > 0 || chain.length > 0
      ? {
          toolRun: {
            tools,
            signIns,
            signInWaits: ctx.tools.signInWaits,
            recursionLimit: agentRequest?.recursionLimit ?? runLimit(services.agents, null),
            userId,
            conversationId,
            credentials: (owner, pluginKey) => services.toolCredentials.get(owner, pluginKey),
            approval: {
              ...(agentRequest?.agent.definition.toolApproval
                ? { policies: agentRequest.agent.definition.toolApproval }
                : {}),
              interactive: request.resumable,
              waits: services.approvals,
              waitMs: services.agents.toolApprovalTimeoutMs,
            },
          },
        }
      : {}),
    ...(agentRequest ? { agent: { id: agentRequest.agent.id, name: agentRequest.agent.name } } : {}),
    ...(chain.length > 0 ? { chain } : {}),
    ...(second ? { added: true } : {}),
    ...(request.pairedWith !== undefined ? { alone: true } : {}),
  };
}

/**
 * The exchange of a second answer to the message the first plan answers: the same request and
 * branch, a new answer id, and nothing to write (the first answer's start writes the message).
 */
function secondAnswer(first: Exchange): Exchange {
  return { ...first, write: { kind: 'none' }, responseMessageId: randomUUID(), continued: null };
}

/** An agent's `tool_resources.ocr` files ("upload as text"), which its author owns. */
function agentOcrFiles(agent: { authorId: string; definition: AgentDefinition }) {
  return { ownerId: agent.authorId, fileIds: agent.definition.tool_resources.ocr?.file_ids ?? [] };
}

/** The agents endpoint, named by the path or (on the generic paths) by the body. */
function isAgentsRequest(pathName: string | undefined, body: ChatRequest): boolean {
  const name = !pathName || pathName === 'custom' ? body.endpoint : pathName;
  return name === AGENTS_ENDPOINT;
}

/** Sign-in steps for the MCP servers an ordinary chat turned on whose tools need the user's sign-in. */
async function chosenSignIns(
  ctx: AppContext,
  userId: string,
  body: ChatRequest,
  tools: readonly Tool[],
): Promise<ToolSignIn[]> {
  const servers = body.ephemeralAgent?.mcp;
  if (!Array.isArray(servers) || servers.length === 0) return [];
  const have = new Set(tools.map((t) => t.server));
  return ctx.tools.signInsFor(
    userId,
    servers.filter((s): s is string => typeof s === 'string' && !have.has(s)),
  );
}

/**
 * The tools the user turned on for an ordinary chat (`ephemeralAgent`); none without that field.
 * The conversation's own `web_search: true` (a LibreChat model parameter) turns on web search as
 * the badge does, so a client that sets only the parameter gets searched answers too.
 */
async function chosenTools(ctx: AppContext, user: AuthUser, body: ChatRequest): Promise<Tool[]> {
  const ephemeralAgent =
    body.web_search === true ? { ...body.ephemeralAgent, web_search: true } : body.ephemeralAgent;
  const asked = Object.values(ephemeralAgent ?? {}).some(
    (v) => v === true || (Array.isArray(v) && v.length > 0),
  );
  // Most requests turn nothing on (clients send every flag false): no role to read then.
  if (!asked) return [];
  const caller = await sessionCaller(ctx.db, user);
  // parley.yaml's `interface.fileSearch: false` takes file search out of ordinary chats, and a
  // built-in tool whose agents capability is left out is off too.
  const turnedOff = new Set([
    ...(ctx.config.interface.fileSearch ? [] : ['file_search']),
    ...toolsWithoutCapability(resolveAgentsSettings(ctx.config.yaml.endpoints?.agents).capabilities),
  ]);
  return ephemeralTools(ctx.tools, caller, ephemeralAgent, turnedOff);
}

/** The path names the endpoint; `custom` (or no name) defers to the body's `endpoint`. */
function resolveEndpoint(
  registry: EndpointRegistry,
  pathName: string | undefined,
  body: ChatRequest,
): ChatEndpoint {
  const name = !pathName || pathName === 'custom' ? body.endpoint : pathName;
  if (name && ASSISTANTS_ENDPOINTS.includes(name)) throw assistantsRetired();
  const endpoint = name ? registry.get(name) : undefined;
  if (!endpoint)
    throw badRequest('Unknown endpoint', [
      { path: 'endpoint', message: `No endpoint named "${name ?? ''}"` },
    ]);
  return endpoint;
}

function pickSettings(body: ChatRequest): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const key of CONVERSATION_SETTING_KEYS) if (body[key] !== undefined) settings[key] = body[key];
  return settings;
}

/**
 * The project the chat runs in: an existing conversation's own (while the caller is still a member;
 * null otherwise), or for a new one the request's `projectId`, which must name a project the caller
 * is a member of (404 otherwise, as for any id that is not theirs).
 */
async function projectOfChat(
  ctx: AppContext,
  userId: string,
  existing: ConversationRow | null,
  requested: string | null | undefined,
): Promise<ChatProject | null> {
  if (existing) return existing.projectId ? chatProject(ctx.db, userId, existing.projectId) : null;
  if (!requested) return null;
  const project = await chatProject(ctx.db, userId, requested);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

function promptPrefixOf(conversation: ConversationRow | null): string | undefined {
  const value = conversation?.settings.promptPrefix;
  return typeof value === 'string' ? value : undefined;
}
