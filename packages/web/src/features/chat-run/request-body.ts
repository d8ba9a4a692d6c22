import { selectedMcpServers } from '../mcp';
import { selectedToolFlags } from '../tools-menu';
import type { ChatRequestBody, Message } from '@parley/schema';
import type { ChatSetup } from '../endpoints';
import { temporaryFlagFor } from '../temporary-chat';
import { projectFlagFor } from '../projects';
import { answerFromResume, type LiveAnswer } from './stream-reducer';
import { randomUuid } from '../../lib/random-uuid';

export interface SendOptions {
  /** "new" or the conversation's id. */
  conversationId: string;
  kind: 'new' | 'regenerate' | 'continue';
  /**
   * New only: the user message's id when it is sent again (a failed send's Retry); the server
   * answers the message it saved under that id instead of saving it twice. Else a fresh id.
   */
  messageId?: string;
  text: string;
  /** New: the message answered (NO_PARENT first). Regenerate/continue: the user message. */
  parentMessageId: string;
  /** Continue: the answer being extended. */
  responseMessage?: Message;
  setup: ChatSetup;
  /** Shown as the answer's sender while it streams. */
  senderLabel: string;
  /** The uploaded files sent with a new message (file_id, filepath, type, size, …). */
  files?: Record<string, unknown>[];
  /** A second model that answers the same message at the same time (multi-conversation). */
  added?: { setup: ChatSetup; senderLabel: string };
  /**
   * Regenerate only: the answer is a new second answer beside this first answer, from `setup`
   * (the second model's); the first answer is not answered again.
   */
  pairedAnswerId?: string;
}

function tempId(): string {
  return randomUuid();
}

/** The client's local time without zone, as LibreChat clients send it. */
function clientTimestamp(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The chat request (PROTOCOL.md) plus the messages the cache shows until the server answers:
 * the user message with a temporary id and the empty answer it will stream into.
 */
export function buildRequestBody(options: SendOptions): {
  body: ChatRequestBody;
  userMessage: Message;
  placeholder: Message;
  /** The second answer's empty row, when a second model answers too. */
  addedPlaceholder: Message | null;
  initial: LiveAnswer | null;
} {
  const { setup, kind } = options;
  const now = new Date().toISOString();
  const conversationId = options.conversationId === 'new' ? null : options.conversationId;
  const userId = kind === 'new' ? (options.messageId ?? tempId()) : options.parentMessageId;
  const userMessage: Message = {
    messageId: userId,
    parentMessageId: options.parentMessageId,
    conversationId: options.conversationId,
    sender: 'User',
    text: options.text,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    ...(options.files?.length ? { files: options.files } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const continued = kind === 'continue' ? options.responseMessage : undefined;
  const paired = kind === 'regenerate' ? options.pairedAnswerId : undefined;
  const placeholder: Message = continued ?? {
    messageId: `${userId}_${tempId().slice(0, 8)}`,
    parentMessageId: userId,
    conversationId: options.conversationId,
    sender: options.senderLabel,
    text: '',
    content: [],
    isCreatedByUser: false,
    endpoint: setup.endpoint,
    model: setup.model,
    error: false,
    unfinished: false,
    ...(paired ? { pairedAnswerId: paired } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const { endpoint: _endpoint, ...parameters } = setup;
  // An agent chat's model is the agent's: an unknown one is left out rather than sent empty.
  if (parameters.model === '') delete (parameters as { model?: string }).model;
  const body: ChatRequestBody = {
    ...parameters,
    text: options.text,
    sender: 'User',
    isCreatedByUser: true,
    clientTimestamp: clientTimestamp(),
    parentMessageId: kind === 'new' ? options.parentMessageId : userId,
    conversationId,
    messageId: userId,
    endpoint: setup.endpoint,
    isTemporary: temporaryFlagFor(conversationId),
    projectId: projectFlagFor(conversationId),
    isRegenerate: kind === 'regenerate',
    isContinued: kind === 'continue',
    responseMessageId: continued?.messageId ?? null,
    editedContent: null,
    ephemeralAgent: {
      mcp: selectedMcpServers(options.conversationId),
      ...selectedToolFlags(options.conversationId),
    },
    ...(options.files?.length ? { files: options.files } : {}),
    ...(paired ? { pairedAnswerId: paired } : {}),
  };
  // A second model answers new messages and regenerations; Continue extends one answer only, and
  // regenerating one side of a pair leaves the other.
  const added = kind === 'continue' || paired ? undefined : options.added;
  if (added) {
    const { endpoint, ...addedParameters } = added.setup;
    if (addedParameters.model === '') delete (addedParameters as { model?: string }).model;
    body.addedConvo = { ...addedParameters, endpoint };
  }
  const addedPlaceholder: Message | null = added
    ? {
        ...placeholder,
        messageId: `${userId}_${tempId().slice(0, 8)}`,
        sender: added.senderLabel,
        endpoint: added.setup.endpoint,
        model: added.setup.model,
        pairedAnswerId: placeholder.messageId,
      }
    : null;
  const initial = continued
    ? answerFromResume(
        continued.messageId,
        continued.content?.length ? continued.content : [{ type: 'text', text: continued.text }],
      )
    : null;
  return { body, userMessage, placeholder, addedPlaceholder, initial };
}
