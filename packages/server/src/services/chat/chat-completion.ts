import { errorEvent, finalEvent, type AnswerIds, type ContentPart } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { toConversation, toMessage } from '../conversations/conversation-dto.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { GenerationResult, TerminalEvent } from '../generation/generation-job.ts';
import { failureText } from '../providers/provider-failure.ts';
import type { Provider } from '../providers/provider.ts';
import type { TitleService } from '../titles/title-service.ts';
import type { AnswerCharge } from '../balance/balance-service.ts';
import { answerFigures, answerUsage } from '../balance/answer-usage.ts';
import { isOpenAIModel } from '../context/context-window.ts';
import type { ResponseToSave } from './chat-persistence.ts';
import { saveChargedAnswer } from './save-charged-answer.ts';

export interface CompletionContext {
  db: Database;
  titles: TitleService;
  userId: string;
  conversationId: string;
  endpoint: ChatEndpoint;
  /** The provider this request used (the user's own for user-provided keys), for the title. */
  provider: Provider | null;
  model: string;
  sender: string;
  request: MessageRow;
  responseMessageId: string;
  /** The answer being continued, overwritten in place. */
  continued: MessageRow | null;
  conversation: ResponseToSave['conversation'];
  responseMetadata: Record<string, unknown>;
  /** The first answer of a new conversation: title it. */
  wantsTitle: boolean;
  /** Prompt tokens counted before the request (used when the provider reports no usage). */
  promptTokens: number;
  /** The answer's hold on the balance; null with balances off. */
  charge: AnswerCharge | null;
}

/** The saved state an outcome leads to (PROTOCOL.md "final"). */
function finishState(result: GenerationResult): {
  finishReason: string;
  unfinished: boolean;
  error: boolean;
} {
  switch (result.outcome) {
    case 'done':
      return { finishReason: result.finishReason ?? 'stop', unfinished: false, error: false };
    case 'error':
      return { finishReason: 'error', unfinished: false, error: true };
    default:
      return { finishReason: 'incomplete', unfinished: true, error: false };
  }
}

/**
 * Saves the answer in one transaction (with its finish reason; unfinished or error as the case
 * is, partial text kept), titles a new conversation and shapes the stream's last event.
 */
export async function completeExchange(
  c: CompletionContext,
  result: GenerationResult,
): Promise<TerminalEvent> {
  const state = finishState(result);
  const errorText = result.outcome === 'error' && result.failure ? failureText(result.failure) : null;
  const content: ContentPart[] = errorText
    ? [...result.parts, { type: 'error', error: errorText }]
    : result.parts;
  const hasAnswer = result.text.trim().length > 0;
  const localTitle =
    c.wantsTitle && c.endpoint.title.kind === 'local' && !state.error
      ? c.titles.localTitle(c.request.text)
      : null;
  const usage = answerUsage(result, c.promptTokens, isOpenAIModel(c.model));
  const figures = answerFigures(result, usage, c.charge ? c.charge.cost(usage) : null);
  const saved = await saveChargedAnswer(
    c.db,
    {
      userId: c.userId,
      conversationId: c.conversationId,
      mode: c.continued ? 'update' : 'insert',
      message: {
        messageId: c.responseMessageId,
        conversationId: c.conversationId,
        userId: c.userId,
        parentMessageId: c.request.messageId,
        sender: c.sender,
        isCreatedByUser: false,
        // An answer that failed before any text keeps the error as its text, so a reload shows why.
        text: hasAnswer || !errorText ? result.text : errorText,
        content,
        endpoint: c.endpoint.name,
        model: c.model,
        error: state.error,
        unfinished: state.unfinished,
        finishReason: state.finishReason,
        metadata: {
          ...(c.continued?.metadata ?? {}),
          ...c.responseMetadata,
          ...(result.usage?.outputTokens !== undefined ? { tokenCount: result.usage.outputTokens } : {}),
          figures,
        },
      },
      conversation: { ...c.conversation, ...(localTitle ? { title: localTitle } : {}) },
    },
    c.charge,
    usage,
  );
  if (!saved) return { kind: 'e', json: deletedJson(idsOf(c)) };
  if (localTitle) await c.titles.announce(c.conversationId, localTitle);
  else if (c.wantsTitle && !state.error && hasAnswer) {
    await c.titles.generateInBackground({
      userId: c.userId,
      conversationId: c.conversationId,
      endpoint: c.endpoint,
      provider: c.provider,
      model: c.model,
      userText: c.request.text,
      answerText: result.text,
    });
  }
  if (errorText) return { kind: 'e', json: JSON.stringify(errorEvent(idsOf(c), errorText)) };
  return {
    kind: 'f',
    json: JSON.stringify(
      finalEvent({
        title: localTitle,
        conversation: toConversation(saved.conversation),
        requestMessage: toMessage(c.request),
        responseMessage: toMessage(saved.response),
      }),
    ),
  };
}

const idsOf = (c: CompletionContext): AnswerIds => ({
  responseMessageId: c.responseMessageId,
  conversationId: c.conversationId,
  requestMessageId: c.request.messageId,
});

/** The stream's last event when the conversation was deleted while its answer was generated. */
export function deletedJson(ids: AnswerIds): string {
  return JSON.stringify(errorEvent(ids, 'The conversation was deleted before the answer could be saved.'));
}
