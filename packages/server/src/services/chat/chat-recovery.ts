import { finalEvent, type ContentPart } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { toConversation, toMessage } from '../conversation-records/conversation-dto.ts';
import type { TerminalEvent } from '../generation/completion-port.ts';
import type { JobMeta } from '../generation/job-keys.ts';
import type { OrphanState } from '../generation/orphan-sweeper.ts';
import { deletedJson } from './chat-completion.ts';
import { answerUsage } from '../balance/answer-usage.ts';
import type { BalanceService } from '../balance/balance-service.ts';
import { findHold } from '../balance/balance-store.ts';
import { isOpenAIModel } from '../context/context-window.ts';
import { findMessage } from './chat-persistence.ts';
import { saveChargedAnswer } from './save-charged-answer.ts';
import { withoutStopMark } from './stop-mark.ts';

/**
 * Saves the answer of a generation whose instance died mid-stream, from what its event log
 * held: unfinished, `finish_reason: "incomplete"`, so the client offers Continue. Answers the
 * final event, as the job itself would have.
 */
export async function saveOrphanedAnswer(
  db: Database,
  balance: BalanceService,
  meta: JobMeta,
  state: OrphanState,
): Promise<TerminalEvent> {
  const { userId, conversationId, responseMessageId, recovery } = meta;
  const request = await findMessage(db, userId, conversationId, meta.requestMessageId);
  const failure = { responseMessageId, conversationId, requestMessageId: meta.requestMessageId };
  // No request message: the conversation was deleted, or the instance died before saving it.
  if (!request) return { kind: 'e', json: deletedJson(failure) };
  // A continued answer as it stood before this run, read once for both cases below.
  const earlier = recovery.continued
    ? await findMessage(db, userId, conversationId, responseMessageId)
    : null;
  // No log (the instance died before its first event): a continued answer is left as it was.
  if (!state && recovery.continued) {
    if (!earlier) return { kind: 'e', json: deletedJson(failure) };
    return {
      kind: 'f',
      json: JSON.stringify(
        finalEvent({ requestMessage: toMessage(request), responseMessage: toMessage(earlier) }),
      ),
    };
  }
  const content: ContentPart[] = state?.content ?? [];
  const text = content
    .filter((p) => p.type === 'text')
    .map((p) => String(p.text ?? ''))
    .join('');
  // The answer's hold (balances on) is settled for what was generated, with the save.
  const hold = await findHold(db, responseMessageId);
  const charge = hold
    ? balance.chargeFor({
        userId,
        conversationId,
        messageId: responseMessageId,
        endpoint: recovery.endpoint,
        model: recovery.model,
        promptTokens: hold.promptTokens,
      })
    : null;
  const usage = answerUsage({ text }, hold?.promptTokens ?? 0, isOpenAIModel(recovery.model));
  const saved = await saveChargedAnswer(
    db,
    {
      userId,
      conversationId,
      mode: recovery.continued ? 'update' : 'insert',
      message: {
        messageId: responseMessageId,
        conversationId,
        userId,
        parentMessageId: request.messageId,
        sender: recovery.sender,
        isCreatedByUser: false,
        text,
        content,
        endpoint: recovery.endpoint,
        model: recovery.model,
        error: false,
        unfinished: true,
        finishReason: 'incomplete',
        // A continued answer stopped before is no longer one its user stopped: it was cut short.
        ...(earlier ? { metadata: withoutStopMark(earlier.metadata) } : {}),
      },
      conversation: {},
    },
    charge,
    usage,
  );
  if (!saved) return { kind: 'e', json: deletedJson(failure) };
  return {
    kind: 'f',
    json: JSON.stringify(
      finalEvent({
        conversation: toConversation(saved.conversation),
        requestMessage: toMessage(request),
        responseMessage: toMessage(saved.response),
      }),
    ),
  };
}
