import { applyModelSpec } from './apply-model-spec.ts';
import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_SETTING_KEYS,
  DEFAULT_CONVERSATION_TITLE,
  createdEvent,
  type ChatRequest,
  type ContentPart,
} from '@parley/schema';
import type { AppContext } from '../../context.ts';
import type { ConversationRow } from '../../db/schema/index.ts';
import { badRequest, AppError, notFound } from '../../errors/app-error.ts';
import { ASSISTANTS_ENDPOINTS, assistantsRetired } from '../endpoints/assistants-retired.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import type { GenerationManager } from '../generation/generation-manager.ts';
import type { JobMeta } from '../generation/job-keys.ts';
import { trimHistory } from '../context/trim-history.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { resolveProviderAccess } from '../keys/provider-access.ts';
import { resolveParameters } from '../parameters/resolve-parameters.ts';
import type { TitleService } from '../titles/title-service.ts';
import type { AnswerCharge, BalanceService } from '../balance/balance-service.ts';
import { completeExchange } from './chat-completion.ts';
import { prepareExchange, type Exchange } from './chat-exchange.ts';
import { findConversation, loadBranchMessages } from './chat-persistence.ts';
import { toProviderMessages } from './conversation-history.ts';
import { attachImages, type MessageImageOptions } from './message-images.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import { resolveFileConfig } from '../files/file-config.ts';
import { fileLimitsFor } from '@parley/schema';

export interface ChatServices {
  endpoints: EndpointRegistry;
  generations: GenerationManager;
  titles: TitleService;
  keys: KeyStore;
  /** Every request to a URL a user supplied goes through it. */
  userHttp: GuardedHttpClient;
  balance: BalanceService;
}

/**
 * Starts a generation for a chat request: resolves endpoint and model, checks the conversation is
 * the caller's, takes the conversation's generation lock, saves the user message, and starts the
 * job (`resumable`: it outlives its streams). Answers the job; the caller follows its events.
 */
export async function startChat(
  ctx: AppContext,
  services: ChatServices,
  userId: string,
  requestedEndpoint: string | undefined,
  chatRequest: ChatRequest,
  resumable: boolean,
): Promise<JobMeta> {
  const { endpointName, body } = applyModelSpec(ctx.config.yaml.modelSpecs, requestedEndpoint, chatRequest);
  const endpoint = resolveEndpoint(services.endpoints, endpointName, body);
  const model = body.model ?? endpoint.defaultModels[0]!;
  const models = await services.endpoints.models(endpoint);
  if (!models.includes(model)) {
    throw new AppError(
      'illegal_model_request',
      `Illegal model request: "${model}" is not a model of ${endpoint.name}`,
      { type: 'illegal_model_request' },
    );
  }
  // Out-of-range parameters are refused before anything is saved.
  const parameters = resolveParameters(
    { family: endpoint.family, model, availableRegions: endpoint.availableRegions },
    body,
  );
  const access = await resolveProviderAccess(endpoint, userId, services.keys, services.userHttp);
  // A follow-up reads its conversation and the messages to send upstream at the same time.
  const branchMessages = body.conversationId
    ? loadBranchMessages(ctx.db, userId, body.conversationId)
    : undefined;
  branchMessages?.catch(() => undefined);
  const existing = body.conversationId ? await findConversation(ctx.db, userId, body.conversationId) : null;
  if (body.conversationId && !existing) throw notFound('Conversation not found');
  const conversationId = existing?.conversationId ?? randomUUID();
  const settings = pickSettings(body);
  const expiredAt = body.isTemporary
    ? new Date(Date.now() + ctx.config.interface.temporaryChatRetention * 3_600_000)
    : undefined;

  const jobId = await services.generations.reserve(conversationId).catch(async (error: unknown) => {
    // A second generation in one conversation counts towards a ban (CONCURRENT_VIOLATION_SCORE).
    if (error instanceof AppError && error.code === 'concurrent') {
      await ctx.bans.record('concurrent', [`user:${userId}`]);
    }
    throw error;
  });
  let exchange: Exchange;
  try {
    exchange = await prepareExchange(ctx.db, {
      userId,
      conversationId,
      body,
      endpoint: endpoint.name,
      model,
      branchMessages,
      newConversation: existing
        ? null
        : {
            conversationId,
            userId,
            title: DEFAULT_CONVERSATION_TITLE,
            endpoint: endpoint.name,
            endpointType: endpoint.type,
            model,
            settings,
            expiredAt: expiredAt ?? null,
          },
    });
  } catch (error) {
    await services.generations.release(conversationId, jobId);
    throw error;
  }

  // Pictures are loaded (and the new message's files checked) before anything is saved.
  let upstreamMessages: ProviderMessage[];
  let promptTokens: number;
  let charge: AnswerCharge | null;
  try {
    // The oldest turns give way when the conversation outgrows the model's context.
    const history = await trimHistory(
      toProviderMessages(exchange.branch, body.promptPrefix ?? body.system ?? promptPrefixOf(existing)),
      {
        model,
        maxContextTokens: parameters.maxContextTokens ?? endpoint.maxContextTokens,
        maxOutputTokens: parameters.model.maxOutputTokens,
      },
    );
    promptTokens = history.tokens;
    upstreamMessages = await attachImages(history.messages, {
      db: ctx.db,
      store: ctx.blobStore,
      userId,
      endpointKind: endpoint.type,
      limits: fileLimitsFor(resolveFileConfig(ctx.config.yaml.fileConfig), endpoint.name),
      imageDetail: (body.imageDetail ?? existing?.settings.imageDetail) as MessageImageOptions['imageDetail'],
      resendFiles: (body.resendFiles ?? existing?.settings.resendFiles) as boolean | null | undefined,
    });
    // With balances on, the answer's estimated cost is held before anything is saved or sent
    // (a balance that does not cover it refuses the request with token_balance).
    charge = await services.balance.hold({
      userId,
      conversationId,
      messageId: exchange.responseMessageId,
      endpoint: endpoint.name,
      model,
      promptTokens,
      maxOutputTokens: parameters.model.maxOutputTokens,
    });
  } catch (error) {
    await services.generations.release(conversationId, jobId);
    throw error;
  }

  const sender = body.modelLabel ?? body.chatGptLabel ?? endpoint.modelDisplayLabel ?? endpoint.name;
  let { request } = exchange;
  // The request message is written while the upstream request starts: its latency is not added
  // to the time to first token, and the job publishes nothing until the write has committed.
  const committed = exchange.commit().then((row) => (request = row));
  // The question was not saved: no answer will follow, so the hold goes back.
  committed.catch(() => charge?.refund()).catch(() => undefined);
  const requestMessage = {
    messageId: request.messageId,
    parentMessageId: request.parentMessageId,
    conversationId,
    sender: request.sender,
    text: request.text,
    isCreatedByUser: true as const,
  };
  const initialContent = continuedContent(exchange);
  const job = await services.generations.start(
    {
      jobId,
      resumable,
      userId,
      conversationId,
      responseMessageId: exchange.responseMessageId,
      init: { responseMessageId: exchange.responseMessageId, requestMessage, content: initialContent },
      createdJson: JSON.stringify(createdEvent(requestMessage)),
      provider: access.provider ?? null,
      missingProvider: access.failure,
      model,
      messages: upstreamMessages,
      parameters: parameters.model,
      ready: committed,
      complete: (result) =>
        completeExchange(
          {
            db: ctx.db,
            titles: services.titles,
            userId,
            conversationId,
            endpoint,
            provider: access.provider ?? null,
            model,
            sender,
            request,
            responseMessageId: exchange.responseMessageId,
            continued: exchange.continued,
            conversation: {
              endpoint: endpoint.name,
              endpointType: endpoint.type,
              model,
              settings,
              ...(expiredAt ? { expiredAt } : {}),
            },
            responseMetadata: body.iconURL ? { iconURL: body.iconURL } : {},
            wantsTitle: !existing,
            promptTokens,
            charge,
          },
          result,
        ),
    },
    { endpoint: endpoint.name, model, sender, continued: exchange.continued !== null },
  );
  // A failed write (the job has dropped the upstream request and freed the lock) fails the request.
  await committed;
  return job;
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

/** The parts a continued answer starts from (a text-only answer becomes one text part). */
function continuedContent(exchange: Exchange): ContentPart[] {
  const answer = exchange.continued;
  if (!answer) return [];
  const parts = (answer.content as ContentPart[] | null)?.filter((p) => p.type !== 'error');
  if (parts?.length) return parts;
  return answer.text ? [{ type: 'text', text: answer.text }] : [];
}

function pickSettings(body: ChatRequest): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const key of CONVERSATION_SETTING_KEYS) if (body[key] !== undefined) settings[key] = body[key];
  return settings;
}

function promptPrefixOf(conversation: ConversationRow | null): string | undefined {
  const value = conversation?.settings.promptPrefix;
  return typeof value === 'string' ? value : undefined;
}
