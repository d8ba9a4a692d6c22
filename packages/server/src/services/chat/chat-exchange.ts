import { randomUUID } from 'node:crypto';
import { NO_PARENT, type ChatRequest, type ContentPart, type EditedContent } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import {
  findMessage,
  insertUserMessage,
  loadBranchMessages,
  updateRequestMessage,
  type BranchMessage,
  type NewConversation,
} from './chat-persistence.ts';
import { branchTo } from './conversation-history.ts';
import { newUserMessageId, resentMessage, takenMessageId } from './resent-message.ts';

/** The tree nodes one chat request works on. */
export interface Exchange {
  /**
   * The user message being answered (new, or existing for regenerate and continue), as it will
   * be once `commitRequest` has written it.
   */
  request: MessageRow;
  /** How the request message is written when the chat starts. */
  write: RequestWrite;
  responseMessageId: string;
  /** With `isContinued`: the answer being extended. */
  continued: MessageRow | null;
  /**
   * A continue named its answer as LibreChat's client does (`"<answer id>_"`): that client keeps
   * the answer it continued beside the one the final brings, so the final carries the
   * conversation's messages (`runMessages`) for it to show the continued answer once.
   */
  sendsRunMessages?: boolean;
  /** Root to the request (or to the continued answer), oldest first; what goes upstream. */
  branch: BranchMessage[];
  /**
   * A regenerate's earlier error answers to the same question (none below them): the new answer
   * takes their place, so a failed send followed by its retry is one answer, not a pile of
   * identical errors to page through.
   */
  replacedErrorAnswers?: string[];
}

/**
 * The write a chat request makes before its answer: a new user message (with its conversation
 * when that is new), an `editedContent` update of the message regenerated, or none (a plain
 * regenerate or a continue answer a message that is saved already).
 */
export type RequestWrite =
  | { kind: 'insert'; newConversation: NewConversation | null }
  | { kind: 'update'; edit: { text: string; content: ContentPart[] | null } }
  | { kind: 'none' };

export interface ExchangeInput {
  userId: string;
  conversationId: string;
  /** The conversation row to create with the user message, or null when it exists. */
  newConversation: NewConversation | null;
  body: ChatRequest;
  endpoint: string;
  model: string;
  /** The conversation's messages, when the caller started reading them already. */
  branchMessages?: Promise<Map<string, BranchMessage>>;
}

/**
 * Plans the request's place in the conversation tree: a new user message under
 * `parentMessageId` (or a new answer to it, when the client sends a saved message again), a new sibling answer to an existing user message (`isRegenerate`, optionally
 * after `editedContent`), or the same answer extended (`isContinued`). Reads and validates only;
 * the write is `commitRequest`, which the start step runs alongside the upstream request.
 */
export async function prepareExchange(db: Database, input: ExchangeInput): Promise<Exchange> {
  const { body } = input;
  if (input.newConversation) {
    if (body.isContinued || body.isRegenerate)
      throw badRequest('Nothing to regenerate in a new conversation');
    if (body.parentMessageId !== NO_PARENT) {
      throw badRequest('The first message of a new conversation has no parent', [
        { path: 'parentMessageId', message: `must be ${NO_PARENT} in a new conversation` },
      ]);
    }
    return newUserMessage(input, new Map(), []);
  }
  const messages = await (input.branchMessages ?? loadBranchMessages(db, input.userId, input.conversationId));
  if (body.isContinued) return continueAnswer(db, input, messages);
  if (body.isRegenerate) return regenerate(db, input, messages);
  const resent = resentMessage(messages, body);
  if (resent) return answerAgain(db, input, messages, resent.messageId);
  return newUserMessage(input, messages, branchTo(messages, body.parentMessageId));
}

/**
 * A user message sent again (its first send was saved, but the client never learnt it): a new
 * answer to the saved message, which is not written again.
 */
async function answerAgain(
  db: Database,
  input: ExchangeInput,
  messages: Map<string, BranchMessage>,
  messageId: string,
): Promise<Exchange> {
  const request = (await findMessage(db, input.userId, input.conversationId, messageId))!;
  return {
    request,
    write: { kind: 'none' },
    responseMessageId: randomUUID(),
    continued: null,
    branch: branchTo(messages, messageId),
  };
}

function newUserMessage(
  input: ExchangeInput,
  conversation: Map<string, BranchMessage>,
  branch: BranchMessage[],
): Exchange {
  const { body } = input;
  if (!body.text.trim()) throw badRequest('Chat text is required', [{ path: 'text', message: 'required' }]);
  const now = new Date();
  const request: MessageRow = {
    messageId: newUserMessageId(body, conversation),
    conversationId: input.conversationId,
    userId: input.userId,
    parentMessageId: body.parentMessageId,
    sender: 'User',
    isCreatedByUser: true,
    text: body.text,
    content: null,
    endpoint: input.endpoint,
    model: input.model,
    error: false,
    unfinished: false,
    finishReason: null,
    feedback: null,
    files: body.files ?? null,
    fallbackFrom: null,
    metadata: body.clientTimestamp ? { clientTimestamp: body.clientTimestamp } : {},
    createdAt: now,
    updatedAt: now,
  };
  return {
    request,
    write: { kind: 'insert', newConversation: input.newConversation },
    responseMessageId: randomUUID(),
    continued: null,
    branch: [...branch, request],
  };
}

async function regenerate(
  db: Database,
  input: ExchangeInput,
  messages: Map<string, BranchMessage>,
): Promise<Exchange> {
  const { body } = input;
  const { path, id } = regeneratedRequestId(body);
  const target = messages.get(id);
  if (!target?.isCreatedByUser) {
    throw badRequest(`Regenerate needs ${path} to be a user message of this conversation`, [
      { path, message: 'Not a user message of this conversation' },
    ]);
  }
  const saved = (await findMessage(db, input.userId, input.conversationId, target.messageId))!;
  const edit = body.editedContent ? applyEdit(saved, body.editedContent) : null;
  const request = edit ? { ...saved, ...edit } : saved;
  messages.set(request.messageId, request);
  return {
    request,
    write: edit ? { kind: 'update', edit } : { kind: 'none' },
    responseMessageId: randomUUID(),
    continued: null,
    branch: branchTo(messages, request.messageId),
    replacedErrorAnswers: errorAnswersTo(messages, request.messageId),
  };
}

/** The error answers to `requestId` that nothing was asked under (the ones a new answer replaces). */
export function errorAnswersTo(messages: Map<string, BranchMessage>, requestId: string): string[] {
  const parents = new Set<string>();
  for (const m of messages.values()) if (m.parentMessageId) parents.add(m.parentMessageId);
  return [...messages.values()]
    .filter(
      (m) =>
        m.parentMessageId === requestId &&
        !m.isCreatedByUser &&
        m.error === true &&
        !parents.has(m.messageId),
    )
    .map((m) => m.messageId);
}

/**
 * The user message a regenerate answers again. Two request shapes name it: Parley's own puts it in
 * `parentMessageId`; the LibreChat client's puts it in `overrideParentMessageId` (with
 * `parentMessageId` set to that message's own parent, a fresh `messageId` and
 * `responseMessageId` = the old answer's id + "_", none of which create anything here).
 */
function regeneratedRequestId(body: ChatRequest): { path: string; id: string } {
  if (body.overrideParentMessageId)
    return { path: 'overrideParentMessageId', id: body.overrideParentMessageId };
  return { path: 'parentMessageId', id: body.parentMessageId };
}

async function continueAnswer(
  db: Database,
  input: ExchangeInput,
  messages: Map<string, BranchMessage>,
): Promise<Exchange> {
  const { body } = input;
  const named = body.responseMessageId ? continuedAnswerId(messages, body.responseMessageId) : undefined;
  const answerId = named?.id ?? latestAnswerUnder(messages, body.parentMessageId);
  const answer = answerId ? messages.get(answerId) : undefined;
  const requestId = answer?.parentMessageId;
  if (!answer || answer.isCreatedByUser || !requestId || !messages.get(requestId)?.isCreatedByUser) {
    throw badRequest('Continue needs responseMessageId to be an answer of this conversation', [
      { path: 'responseMessageId', message: 'Not an answer of this conversation' },
    ]);
  }
  const [request, continued] = await Promise.all([
    findMessage(db, input.userId, input.conversationId, requestId),
    findMessage(db, input.userId, input.conversationId, answer.messageId),
  ]);
  return {
    request: request!,
    write: { kind: 'none' },
    responseMessageId: continued!.messageId,
    continued: continued!,
    branch: branchTo(messages, continued!.messageId),
    ...(named?.suffixed ? { sendsRunMessages: true } : {}),
  };
}

/**
 * The answer a continue names. LibreChat's client sends the answer's id with `_` appended (its
 * placeholder id for the answer to come); an id that is not a message of the conversation but is
 * one without its trailing underscores names that answer. The continued answer keeps its own id.
 */
function continuedAnswerId(
  messages: Map<string, BranchMessage>,
  responseMessageId: string,
): { id: string; suffixed: boolean } {
  if (messages.has(responseMessageId)) return { id: responseMessageId, suffixed: false };
  const bare = responseMessageId.replace(/_+$/, '');
  return bare !== responseMessageId && messages.has(bare)
    ? { id: bare, suffixed: true }
    : { id: responseMessageId, suffixed: false };
}

/** `parentMessageId` itself when it is an answer, else its most recent answer child. */
function latestAnswerUnder(messages: Map<string, BranchMessage>, parentId: string): string | undefined {
  const parent = messages.get(parentId);
  if (parent && !parent.isCreatedByUser) return parentId;
  let latest: string | undefined;
  for (const m of messages.values())
    if (m.parentMessageId === parentId && !m.isCreatedByUser) latest = m.messageId;
  return latest;
}

/** `editedContent`: replaces the text of one text or think part (or the plain text of a text-only message). */
export function applyEdit(
  message: Pick<MessageRow, 'text' | 'content'>,
  edit: EditedContent,
): { text: string; content: ContentPart[] | null } {
  const content = message.content as ContentPart[] | null;
  if (!content?.length) {
    if (edit.index === 0 && edit.type === 'text') return { text: edit.text, content: null };
    throw badRequest(`The message has no ${edit.type} part at index ${edit.index}`, [
      { path: 'editedContent.index', message: 'No such content part' },
    ]);
  }
  const part = content[edit.index];
  if (part?.type !== edit.type) {
    throw badRequest(`The message has no ${edit.type} part at index ${edit.index}`, [
      { path: 'editedContent.index', message: 'No such content part' },
    ]);
  }
  const next = content.map((p, i) => (i === edit.index ? { ...p, [edit.type]: edit.text } : p));
  const text = next
    .filter((p) => p.type === 'text')
    .map((p) => String(p.text ?? ''))
    .join('');
  return { text: edit.type === 'text' ? text : message.text, content: next };
}

/**
 * Writes the request message as the exchange plans it; answers the saved row. A new message whose
 * id turned out taken fails with what the request becomes (`takenMessageId`): nothing was written.
 */
export async function commitRequest(db: Database, userId: string, exchange: Exchange): Promise<MessageRow> {
  const { write, request } = exchange;
  switch (write.kind) {
    case 'insert': {
      const saved = await insertUserMessage(db, request, write.newConversation);
      if (saved) return saved;
      throw await takenMessageId(db, request, write.newConversation !== null);
    }
    case 'update':
      return updateRequestMessage(db, userId, request.messageId, write.edit);
    case 'none':
      return request;
  }
}
