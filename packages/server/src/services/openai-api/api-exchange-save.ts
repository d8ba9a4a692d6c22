import { randomUUID } from 'node:crypto';
import { DEFAULT_CONVERSATION_TITLE, NO_PARENT, type ApiChatMessage } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { AGENTS_ENDPOINT } from '../agents/agent-chat.ts';
import type { AnswerCharge, AnswerUsage } from '../balance/balance-service.ts';
import { saveChargedAnswer } from '../chat/save-charged-answer.ts';
import type { ApiChatPlan } from './api-chat-plan.ts';
import type { SourceResult } from './api-answer.ts';

/** The longest title a saved API exchange takes from its last question. */
const TITLE_LENGTH = 80;

/** What an exchange saved with X-Parley-Save is made of: the request's messages and the name asked. */
export interface ApiExchangeToSave {
  messages: readonly ApiChatMessage[];
  /** The model name the client asked for (kept in the answer's metadata). */
  asked: string;
}

/**
 * Saves an API exchange as a new conversation of its caller (X-Parley-Save: true): the request's
 * user and assistant turns as one branch, then the answer, which is written — with the balance's
 * hold settled in the same transaction — by the chat's own save. System prompts and tool turns are
 * not shown in a conversation and are not kept.
 */
export async function saveApiExchange(
  db: Database,
  plan: ApiChatPlan,
  request: ApiExchangeToSave,
  done: {
    conversationId: string;
    answerId: string;
    answer: SourceResult;
    charge: AnswerCharge | null;
    usage: AnswerUsage;
  },
): Promise<void> {
  const { conversationId } = done;
  const endpoint = plan.agent ? AGENTS_ENDPOINT : plan.endpoint.name;
  const turns = request.messages.flatMap((m) => {
    if (m.role !== 'user' && m.role !== 'assistant') return [];
    const text = textOf(m.content);
    return text ? [{ isCreatedByUser: m.role === 'user', text }] : [];
  });
  const lastQuestion = turns.findLast((t) => t.isCreatedByUser)?.text ?? '';
  const started = Date.now();
  let parent = NO_PARENT;
  const rows = turns.map((turn, i) => {
    const messageId = randomUUID();
    const row = {
      messageId,
      conversationId,
      userId: plan.userId,
      parentMessageId: parent,
      sender: turn.isCreatedByUser ? 'User' : (plan.agent?.name ?? plan.model),
      isCreatedByUser: turn.isCreatedByUser,
      text: turn.text,
      endpoint,
      model: plan.model,
      // Distinct times keep the branch in its order.
      createdAt: new Date(started + i),
      updatedAt: new Date(started + i),
    };
    parent = messageId;
    return row;
  });
  await db.transaction(async (tx) => {
    await tx.insert(conversations).values({
      conversationId,
      userId: plan.userId,
      title: titleOf(lastQuestion),
      endpoint,
      endpointType: plan.agent ? null : plan.endpoint.type,
      model: plan.model,
      settings: plan.agent ? { agent_id: plan.agent.id } : {},
    });
    if (rows.length) await tx.insert(messages).values(rows);
  });
  const { answer } = done;
  const text = answer.text;
  await saveChargedAnswer(
    db,
    {
      userId: plan.userId,
      conversationId,
      mode: 'insert',
      conversation: {},
      message: {
        messageId: done.answerId,
        conversationId,
        userId: plan.userId,
        parentMessageId: parent,
        sender: plan.agent?.name ?? plan.model,
        isCreatedByUser: false,
        text: answer.failure && !text ? answer.failure.message : text,
        content: [{ type: 'text', text }],
        endpoint,
        model: plan.model,
        error: Boolean(answer.failure) && !text,
        unfinished: Boolean(answer.failure) && Boolean(text),
        finishReason: answer.finishReason,
        metadata: { apiKeyId: plan.keyId, requestedModel: request.asked },
        createdAt: new Date(started + rows.length),
        updatedAt: new Date(started + rows.length),
      },
    },
    done.charge,
    done.usage,
  );
}

function textOf(content: ApiChatMessage['content'] | null | undefined): string {
  if (!content) return '';
  if (typeof content === 'string') return content;
  return content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
}

function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (!line) return DEFAULT_CONVERSATION_TITLE;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}
