import type { Conversation, FinalEvent, MemoryAttachment, Message, SyncEvent } from '@parley/schema';
import { queryClient } from '../../api/query-client';
import { addConversationToList, patchConversationInList } from '../conversations';
import { useSetupStore } from '../endpoints';
import { moveDraftInStorage, PENDING_DRAFT_ID } from '../input';
import { moveToolSelection } from '../tools-menu';
import { moveAddedConvo } from '../added-convo';
import { keepRowKey } from './row-keys';
import { memoryKeys } from '../memories';
import { useTemporaryChat } from '../temporary-chat';
import { chatKeys } from '../../api/chat-api';
import type { Generation } from './live-store';
import { cachedMessages, patchMessage, setMessages, upsertMessages } from './message-cache';
import { replacedErrorAnswers } from './replaced-errors';
import { refreshProjectConversations, useProjectDraft } from '../projects';

/**
 * The one place a chat run writes outside itself: the messages and conversation query caches, the
 * conversation list, the setup store and the drafts. A ChatRun decides what happened; this module
 * says where that shows up, so the run can be tested with a fake writer.
 */
export interface ChatRunWriter {
  /** A new exchange: the user's message (for a new one) and the empty answer appear at once. */
  startExchange(key: string, kind: 'new' | 'regenerate' | 'other', user: Message, placeholder: Message): void;
  /**
   * The server confirmed the user message (`created`). The temporary rows take the server's ids;
   * a new chat moves from its temporary key to the real conversation id. Returns that id.
   */
  adoptCreated(key: string, message: Message & { conversationId: string }, live: Generation): string;
  /** The answer as saved replaces the streamed rows; the conversation and its list row update. */
  writeFinal(conversationId: string, final: FinalEvent, live: Generation | undefined, title?: string): void;
  applyTitle(conversationId: string, title: string): void;
  /**
   * The memory step's changes after an answer: they show under it (its attachments), and the
   * memories list is read again where it is open.
   */
  applyMemoryUpdates(conversationId: string, messageId: string, attachments: MemoryAttachment[]): void;
  /** The answer's row shows the error; `refused` also marks the unsent user message as local only. */
  writeError(
    key: string,
    live: Generation,
    error: { text: string; messageId?: string; refused: boolean; userUnsent: boolean },
  ): void;
  /** A re-attached stream: the request and an empty answer row appear as the server has them. */
  writeResumed(conversationId: string, sync: SyncEvent): void;
  /** Nothing more will stream: the saved messages are fetched again. */
  refetchMessages(conversationId: string): void;
  /** A second answer's empty row (multi-conversation), beside the first. */
  addAnswerRow(key: string, placeholder: Message): void;
  /** The second answer as saved replaces its streamed row. */
  writeAddedFinal(conversationId: string, final: FinalEvent, placeholderId: string): void;
  /** The second answer's row shows its error; the first answer is left alone. */
  writeAddedError(key: string, placeholderId: string, error: { text: string; messageId?: string }): void;
}

function nowIso(): string {
  return new Date().toISOString();
}

function stubConversation(conversationId: string, answer: Message | undefined): Conversation {
  const now = nowIso();
  return {
    conversationId,
    user: '',
    title: 'New Chat',
    endpoint: answer?.endpoint ?? null,
    model: answer?.model ?? null,
    isArchived: false,
    expiredAt: null,
    tags: [],
    projectId: useProjectDraft.getState().projectId,
    createdAt: now,
    updatedAt: now,
  };
}

function applyTitle(conversationId: string, title: string): void {
  patchConversationInList(queryClient, conversationId, { title });
  refreshProjectConversations(queryClient);
  queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (c) =>
    c ? { ...c, title } : c,
  );
}

/** The answer rows of regenerations still running: their save replaces the question's errors. */
const regenerations = new Set<string>();

export const chatCacheWriter: ChatRunWriter = {
  applyMemoryUpdates(conversationId, messageId, attachments) {
    // The memory notices join the answer's attachments: the files its tools made stay.
    const saved = cachedMessages(conversationId).find((m) => m.messageId === messageId)?.attachments;
    const files = Array.isArray(saved)
      ? (saved as { type?: unknown }[]).filter((a) => a?.type !== 'memory')
      : [];
    patchMessage(conversationId, messageId, { attachments: [...files, ...attachments] });
    if (attachments.some((a) => a.memory.type !== 'error')) {
      void queryClient.invalidateQueries({ queryKey: memoryKeys.mine });
    }
  },

  startExchange(key, kind, user, placeholder) {
    if (kind === 'new') upsertMessages(key, [user, placeholder]);
    else if (kind === 'regenerate') {
      regenerations.add(placeholder.messageId);
      upsertMessages(key, [placeholder]);
    }
  },

  adoptCreated(key, message, live) {
    const real = message.conversationId;
    keepRowKey(message.messageId, live.userMessageId);
    const temp = cachedMessages(key);
    const fixed = temp.map((m) => {
      if (m.messageId === live.userMessageId) return { ...m, ...message, conversationId: real };
      if (m.messageId === live.placeholderId || m.messageId === live.added?.placeholderId)
        return { ...m, parentMessageId: message.messageId, conversationId: real };
      return m;
    });
    setMessages(real, () => fixed);
    if (key === real) return real;
    // A new chat: its exchange moves to the real id, the list gets the row at the top at once.
    setMessages(key, () => []);
    const conversation = stubConversation(
      real,
      temp.find((m) => m.messageId === live.placeholderId),
    );
    queryClient.setQueryData(chatKeys.conversation(real), conversation);
    // A temporary chat never appears in the list.
    if (!useTemporaryChat.getState().isTemporary) addConversationToList(queryClient, conversation);
    if (conversation.projectId) refreshProjectConversations(queryClient);
    useSetupStore.getState().moveSetup(key, real);
    moveDraftInStorage(PENDING_DRAFT_ID, real);
    moveToolSelection(key, real);
    moveAddedConvo(key, real);
    return real;
  },

  writeFinal(conversationId, final, live, title) {
    if (live) {
      // The rows stay as they are (no markdown mounted again) while the ids become the server's.
      keepRowKey(final.responseMessage.messageId, live.placeholderId);
      if (final.requestMessage) keepRowKey(final.requestMessage.messageId, live.userMessageId);
      const remove = [live.placeholderId, live.userMessageId];
      if (regenerations.delete(live.placeholderId)) {
        const { parentMessageId, messageId } = final.responseMessage;
        if (parentMessageId)
          remove.push(...replacedErrorAnswers(cachedMessages(conversationId), parentMessageId, messageId));
      }
      upsertMessages(conversationId, [final.requestMessage, final.responseMessage].filter(Boolean), remove);
      // A second answer still streaming names the first by its id, which just became the server's.
      if (live.added && !live.added.done) {
        patchMessage(conversationId, live.added.placeholderId, {
          pairedAnswerId: final.responseMessage.messageId,
        });
      }
    }
    if (!final.conversation) return;
    queryClient.setQueryData(chatKeys.conversation(conversationId), final.conversation);
    const patch: Partial<Conversation> = { updatedAt: final.conversation.updatedAt };
    if (title) patch.title = title;
    patchConversationInList(queryClient, conversationId, patch);
    if (title) applyTitle(conversationId, title);
  },

  applyTitle,

  writeError(key, live, { text, messageId, refused, userUnsent }) {
    // Nothing reached the server (refused, or no connection before `created`): the user message
    // is only in this tab too, so trying again sends it anew.
    if (userUnsent && (refused || messageId === undefined))
      patchMessage(key, live.userMessageId, { clientOnly: true });
    if (messageId) keepRowKey(messageId, live.placeholderId);
    // A regenerate the server saved (as an error) replaced the question's earlier errors there.
    const regenerated = regenerations.delete(live.placeholderId);
    const parentId = cachedMessages(key).find((m) => m.messageId === live.placeholderId)?.parentMessageId;
    if (regenerated && messageId && parentId)
      upsertMessages(key, [], replacedErrorAnswers(cachedMessages(key), parentId, live.placeholderId));
    patchMessage(key, live.placeholderId, {
      messageId: messageId ?? live.placeholderId,
      error: true,
      text,
      content: [],
      unfinished: false,
      clientOnly: refused || messageId === undefined,
    });
  },

  writeResumed(conversationId, sync) {
    const { requestMessage, responseMessageId, sender, endpoint, model } = sync.resumeState;
    // The answer keeps the label it had before the reload (the model, preset or agent answering).
    const placeholder: Message = {
      messageId: responseMessageId,
      parentMessageId: requestMessage.messageId,
      conversationId,
      sender: sender ?? '',
      ...(endpoint ? { endpoint } : {}),
      ...(model ? { model } : {}),
      text: '',
      content: [],
      isCreatedByUser: false,
      error: false,
      unfinished: false,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    };
    const known = cachedMessages(conversationId).some((m) => m.messageId === requestMessage.messageId);
    const request = {
      ...requestMessage,
      error: false,
      unfinished: false,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    };
    upsertMessages(conversationId, known ? [placeholder] : [request as Message, placeholder]);
  },

  refetchMessages(conversationId) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
  },

  addAnswerRow(key, placeholder) {
    upsertMessages(key, [placeholder]);
  },

  writeAddedFinal(conversationId, final, placeholderId) {
    keepRowKey(final.responseMessage.messageId, placeholderId);
    upsertMessages(conversationId, [final.responseMessage], [placeholderId]);
  },

  writeAddedError(key, placeholderId, { text, messageId }) {
    if (messageId) keepRowKey(messageId, placeholderId);
    patchMessage(key, placeholderId, {
      messageId: messageId ?? placeholderId,
      error: true,
      text,
      content: [],
      unfinished: false,
    });
  },
};
