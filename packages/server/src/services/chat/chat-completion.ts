import { errorEvent, finalEvent, type AnswerIds, type ContentPart } from '@parley/schema';
import type { AppContext } from '../../context.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { toConversation, toMessage } from '../conversation-records/conversation-dto.ts';
import type { CompletionPort, GenerationResult, TerminalEvent } from '../generation/completion-port.ts';
import { failureText } from '../providers/failure-text.ts';
import type { ChatEngine } from './chat-engine-type.ts';
import type { ChatPlan } from './chat-plan-type.ts';
import { answerFigures, answerUsage } from '../balance/answer-usage.ts';
import type { AnswerCharge } from '../balance/balance-service.ts';
import { isOpenAIModel } from '../context/context-window.ts';
import { saveChargedAnswer } from './save-charged-answer.ts';
import { getMessages } from '../messages/message-service.ts';
import { deleteReplacedErrorAnswers } from './chat-persistence.ts';
import type { PlanFallback } from './fallback-call.ts';
import { STOPPED_BY_USER, withoutStopMark } from './stop-mark.ts';

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
    case 'stopped':
      // Its user ended it: nothing more is coming, so it is not unfinished (LibreChat's client
      // locks its input below an unfinished answer); `incomplete` still offers Continue.
      return { finishReason: 'incomplete', unfinished: false, error: false };
    default:
      return { finishReason: 'incomplete', unfinished: true, error: false };
  }
}

/**
 * A chat job's completion port: the job starts once the request message is saved, and ends by
 * handing its result here, which saves the answer in one transaction (with its finish reason;
 * unfinished or error as the case is, partial text kept), titles a new conversation, tells the
 * engine's answer hooks and shapes the stream's last event.
 */
export class ChatCompletion implements CompletionPort {
  constructor(
    private readonly ctx: AppContext,
    private readonly engine: Pick<ChatEngine, 'titles' | 'answerHooks' | 'memorySteps'>,
    private readonly plan: ChatPlan,
    private readonly committed: Promise<MessageRow>,
    /** The answer's hold on the balance; null with balances off. */
    private readonly charge: AnswerCharge | null = null,
    /** How the generation went through the model's fallbacks (none configured: absent). */
    private readonly fallback?: PlanFallback,
  ) {}

  requestSaved(): Promise<MessageRow> {
    return this.committed;
  }

  async complete(result: GenerationResult): Promise<TerminalEvent> {
    const { ctx, plan } = this;
    const { titles } = this.engine;
    const request = await this.committed;
    const { userId } = plan;
    const { conversationId } = plan.conversation;
    const { continued, responseMessageId } = plan.exchange;
    const ids: AnswerIds = { responseMessageId, conversationId, requestMessageId: request.messageId };
    const state = finishState(result);
    const errorText = result.outcome === 'error' && result.failure ? failureText(result.failure) : null;
    const content: ContentPart[] = errorText
      ? [...result.parts, { type: 'error', error: errorText }]
      : result.parts;
    const hasAnswer = result.text.trim().length > 0;
    const wantsTitle = plan.answer.wantsTitle;
    // A new conversation whose first answer failed, or has no text to title from (a tool call
    // stopped or cancelled before the model wrote anything), is named from the user's words, so
    // such attempts do not stay identical "New Chat" rows in the list.

    // A fallback that answered moved the hold to its own price, and is the answer's model.
    const charge = this.fallback ? this.fallback.held.charge : this.charge;
    const fellBack = this.fallback?.record.fellBack ? this.fallback.record : null;
    const answeredBy = fellBack?.answeredBy ?? {
      // `agents` for an agent's answer; the endpoint that answered otherwise.
      endpoint: plan.conversation.fields.endpoint,
      model: plan.model,
    };
    // An answer a fallback gave is named from the user's words too: the title would be asked of
    // the endpoint's model, which was just found unavailable.
    const localTitle =
      wantsTitle && (plan.endpoint.title.kind === 'local' || state.error || !hasAnswer || fellBack)
        ? titles.localTitle(request.text)
        : null;
    const usage = answerUsage(result, plan.promptTokens, isOpenAIModel(answeredBy.model));
    const figures = answerFigures(result, usage, charge?.billed ? charge.cost(usage) : null);
    const saved = await saveChargedAnswer(
      ctx.db,
      {
        userId,
        conversationId,
        mode: continued ? 'update' : 'insert',
        message: {
          messageId: responseMessageId,
          conversationId,
          userId,
          parentMessageId: request.messageId,
          sender: plan.answer.sender,
          isCreatedByUser: false,
          // An answer that failed before any text keeps the error as its text, so a reload shows why.
          text: hasAnswer || !errorText ? result.text : errorText,
          content,
          endpoint: answeredBy.endpoint,
          model: answeredBy.model,
          ...(fellBack ? { fallbackFrom: fellBack.failed } : {}),
          error: state.error,
          unfinished: state.unfinished,
          finishReason: state.finishReason,
          metadata: {
            ...withoutStopMark(continued?.metadata),
            ...plan.answer.metadata,
            ...(result.outcome === 'stopped' ? { [STOPPED_BY_USER]: true } : {}),
            ...(result.usage?.outputTokens !== undefined ? { tokenCount: result.usage.outputTokens } : {}),
            ...answerAttachments(continued?.metadata, result.attachments),
            figures,
          },
        },
        // A second answer (multi-conversation) only touches the conversation: its setup stays the
        // main answer's, so the next message goes on with the conversation's own model.
        conversation: plan.added
          ? {}
          : { ...plan.conversation.fields, ...(localTitle ? { title: localTitle } : {}) },
      },
      charge,
      usage,
    );
    if (!saved) return { kind: 'e', json: deletedJson(ids) };
    // A second answer (multi-conversation) stands beside the first: it replaces nothing.
    if (!plan.added) {
      await deleteReplacedErrorAnswers(
        ctx.db,
        userId,
        conversationId,
        plan.exchange.replacedErrorAnswers ?? [],
      );
    }
    for (const hook of this.engine.answerHooks) {
      await hook
        .answerSaved({ plan, result, request, response: saved.response })
        .catch((err: unknown) =>
          ctx.logger.error({ err, hook: hook.name, conversationId }, 'answer hook failed'),
        );
    }
    if (localTitle) await titles.announce(conversationId, localTitle);
    else if (wantsTitle && !state.error && hasAnswer) {
      await titles.generateInBackground({
        userId,
        conversationId,
        endpoint: plan.endpoint,
        // The provider this request used (the user's own for user-provided keys).
        provider: plan.call.provider,
        model: plan.model,
        messageId: responseMessageId,
        userText: request.text,
        answerText: result.text,
      });
    }
    if (errorText) return { kind: 'e', json: JSON.stringify(errorEvent(ids, errorText)) };
    const memoryPending = await this.beginMemoryStep(state, result, saved.response);
    const runMessages = plan.exchange.sendsRunMessages
      ? ((await getMessages(ctx.db, userId, conversationId)) ?? undefined)
      : undefined;
    return {
      kind: 'f',
      json: JSON.stringify(
        finalEvent({
          title: localTitle,
          conversation: toConversation(saved.conversation),
          requestMessage: toMessage(request),
          responseMessage: toMessage(saved.response),
          memoryPending,
          runMessages,
        }),
      ),
    };
  }

  /**
   * Starts the memory step after an answer that finished with text (not one stopped or failed),
   * when the plan says it follows. Answers whether it started; a step that cannot start is
   * logged and the answer goes out as it is.
   */
  private async beginMemoryStep(
    state: ReturnType<typeof finishState>,
    result: GenerationResult,
    response: MessageRow,
  ): Promise<boolean> {
    const { plan } = this;
    if (!plan.memoryStep || state.unfinished || state.error || !result.text.trim()) return false;
    const { branch, continued } = plan.exchange;
    // A continued answer is the branch's last message: the step reads its whole new text instead.
    const earlier = (continued ? branch.slice(0, -1) : branch).filter((m) => !m.error);
    try {
      await this.engine.memorySteps.begin({
        userId: plan.userId,
        conversationId: response.conversationId,
        messageId: response.messageId,
        earlier,
        answerText: result.text,
      });
      return true;
    } catch (err) {
      this.ctx.logger.warn({ err, messageId: response.messageId }, 'memory step could not start');
      return false;
    }
  }
}

/** The stream's last event when the conversation was deleted while its answer was generated. */
export function deletedJson(ids: AnswerIds): string {
  return JSON.stringify(errorEvent(ids, 'The conversation was deleted before the answer could be saved.'));
}

/**
 * The saved answer's `attachments`: a continued answer's earlier ones, then the files this run's
 * tools made (their `attachment` events). Nothing is written when the run made none.
 */
function answerAttachments(
  before: Record<string, unknown> | undefined,
  made: GenerationResult['attachments'],
): { attachments?: unknown[] } {
  if (!made?.length) return {};
  const earlier = Array.isArray(before?.attachments) ? before.attachments : [];
  return { attachments: [...earlier, ...made] };
}
