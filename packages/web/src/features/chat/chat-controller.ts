import {
  readStreamEvent,
  type Conversation,
  type FinalEvent,
  type Message,
  type SyncEvent,
} from '@parley/schema';
import i18next from 'i18next';
import { isApiError } from '../../api/api-error';
import { queryClient } from '../../api/query-client';
import { showToast } from '../toasts';
import { addConversationToList, patchConversationInList } from '../conversations';
import { useSetupStore } from '../endpoints';
import { useTemporaryChat } from '../temporary-chat';
import { PENDING_DRAFT_ID } from '../input';
import { keepRowKey } from '../messages';
import { moveDraftInStorage } from '../input';
import { chatApi, chatKeys } from './chat-api';
import { buildRequestBody, type SendOptions } from './request-body';
import { cachedMessages, patchMessage, setMessages, upsertMessages } from './message-cache';
import { useLive, type Generation } from './live-store';
import { readStream, StreamRefused } from './stream-request';
import { answerFromResume, applySteps, EMPTY_ANSWER, type StepEventData } from './stream-reducer';
import type { SseEvent } from './sse-parser';

/** 000 §4 / 001 §9 timings. */
export const CONNECTION_ERROR_DELAY_MS = 5500;
export const TITLE_DELAY_MS = 2500;
/** Marker text of the connection error message; rendered as its localized text. */
export const CONNECTION_ERROR_TEXT = 'Error connecting to server, try refreshing the page.';

interface Run {
  queue: StepEventData[];
  frame: number | null;
  abort: AbortController;
  finished: boolean;
  /** Set when the conversation is new and the title must be asked for after the reply. */
  wantsTitle: boolean;
  /** The user message exists only here until the server confirms it with `created`. */
  tempUser: boolean;
}

const runs = new Map<string, Run>();

const gen = (key: string): Generation | undefined => useLive.getState().generations[key];

function nowIso(): string {
  return new Date().toISOString();
}

/** Applies queued step events at most once per animation frame (ARCHITECTURE: web rules). */
function scheduleFlush(key: () => string, run: Run): void {
  if (run.frame !== null) return;
  run.frame = requestAnimationFrame(() => {
    run.frame = null;
    flush(key(), run);
  });
}

function flush(key: string, run: Run): void {
  if (run.frame !== null) {
    cancelAnimationFrame(run.frame);
    run.frame = null;
  }
  const current = gen(key);
  if (!current || run.queue.length === 0) return;
  const events = run.queue;
  run.queue = [];
  useLive.getState().patch(key, { answer: applySteps(current.answer, events) });
}

function onCreated(key: string, message: Message & { conversationId: string }): string {
  const current = gen(key);
  if (!current) return key;
  const run = runs.get(key);
  if (run) run.tempUser = false;
  const real = message.conversationId;
  keepRowKey(message.messageId, current.userMessageId);
  const temp = cachedMessages(key);
  const fixed = temp.map((m) => {
    if (m.messageId === current.userMessageId) return { ...m, ...message, conversationId: real };
    if (m.messageId === current.placeholderId)
      return { ...m, parentMessageId: message.messageId, conversationId: real };
    return m;
  });
  if (key !== real) {
    // A new chat: its exchange moves to the real id, the list gets the row at the top at once.
    setMessages(real, () => fixed);
    setMessages(key, () => []);
    const conversation = stubConversation(
      real,
      temp.find((m) => m.messageId === current.placeholderId),
    );
    queryClient.setQueryData(chatKeys.conversation(real), conversation);
    // A temporary chat never appears in the list.
    if (!useTemporaryChat.getState().isTemporary) addConversationToList(queryClient, conversation);
    useSetupStore.getState().moveSetup(key, real);
    moveDraftInStorage(PENDING_DRAFT_ID, real);
    runs.set(real, runs.get(key)!);
    runs.delete(key);
    useLive.getState().rekey(key, real);
  } else {
    setMessages(real, () => fixed);
  }
  useLive.getState().patch(real, { userMessageId: message.messageId });
  return real;
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
    createdAt: now,
    updatedAt: now,
  };
}

function onFinal(key: string, run: Run, final: FinalEvent): void {
  flush(key, run);
  const current = gen(key);
  run.finished = true;
  const conversationId = final.conversation?.conversationId ?? key;
  if (current) {
    // The rows stay as they are (no markdown mounted again) while the ids become the server's.
    keepRowKey(final.responseMessage.messageId, current.placeholderId);
    if (final.requestMessage) keepRowKey(final.requestMessage.messageId, current.userMessageId);
    const remove = [current.placeholderId, current.userMessageId];
    upsertMessages(conversationId, [final.requestMessage, final.responseMessage].filter(Boolean), remove);
  }
  if (final.conversation) {
    queryClient.setQueryData(chatKeys.conversation(conversationId), final.conversation);
    const patch: Partial<Conversation> = { updatedAt: final.conversation.updatedAt };
    const title =
      final.title ?? (final.conversation.title !== 'New Chat' ? final.conversation.title : undefined);
    if (title) patch.title = title;
    patchConversationInList(queryClient, conversationId, patch);
    if (title) applyTitle(conversationId, title);
    else if (run.wantsTitle) setTimeout(() => void fetchTitle(conversationId), TITLE_DELAY_MS);
  }
  finish(key);
}

function applyTitle(conversationId: string, title: string): void {
  patchConversationInList(queryClient, conversationId, { title });
  queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (c) =>
    c ? { ...c, title } : c,
  );
}

async function fetchTitle(conversationId: string): Promise<void> {
  try {
    const { title } = await chatApi.genTitle(conversationId);
    if (title) applyTitle(conversationId, title);
  } catch {
    // No title (yet): the conversation keeps "New Chat".
  }
}

/** `refused`: the server saved nothing, so neither message may be answered later. */
function showError(key: string, text: string, messageId?: string, refused = false): void {
  const current = gen(key);
  if (!current) return;
  if (refused && runs.get(key)?.tempUser) patchMessage(key, current.userMessageId, { clientOnly: true });
  if (messageId) keepRowKey(messageId, current.placeholderId);
  patchMessage(key, current.placeholderId, {
    messageId: messageId ?? current.placeholderId,
    error: true,
    text,
    content: [],
    unfinished: false,
    clientOnly: refused || messageId === undefined,
  });
  finish(key);
}

function finish(key: string): void {
  const run = runs.get(key);
  if (run) {
    run.finished = true;
    if (run.frame !== null) cancelAnimationFrame(run.frame);
  }
  runs.delete(key);
  useLive.getState().remove(key);
}

/** Dispatches one SSE event of a generation; `keyRef` follows the key through `created`. */
function handleEvent(keyRef: { key: string }, run: Run, sse: SseEvent): void {
  const read = readStreamEvent(sse.event, sse.data);
  switch (read?.kind) {
    case 'error':
      flush(keyRef.key, run);
      run.finished = true;
      showError(
        keyRef.key,
        String(read.event.text ?? ''),
        typeof read.event.messageId === 'string' ? read.event.messageId : undefined,
      );
      return;
    case 'created':
      keyRef.key = onCreated(keyRef.key, read.event.message as Message & { conversationId: string });
      return;
    case 'sync':
      onSync(keyRef.key, read.event);
      return;
    case 'final':
      onFinal(keyRef.key, run, read.event);
      return;
    case 'step':
      run.queue.push(read.event);
      scheduleFlush(() => keyRef.key, run);
      return;
    default:
      // Attachments are not shown yet; anything unknown is skipped.
      return;
  }
}

function onSync(key: string, sync: SyncEvent): void {
  const state = sync.resumeState;
  const current = gen(key);
  if (!current) return;
  useLive.getState().patch(key, {
    answer: answerFromResume(state.responseMessageId, state.content, state.runSteps),
  });
}

async function pump(keyRef: { key: string }, path: string, body: unknown, run: Run): Promise<void> {
  try {
    await readStream(path, body, run.abort.signal, (event) => handleEvent(keyRef, run, event));
  } catch (error) {
    if (run.abort.signal.aborted || run.finished) return;
    if (error instanceof StreamRefused) {
      showError(keyRef.key, error.body || `Request failed with status ${error.status}`, undefined, true);
      return;
    }
    // No connection could be made: say so after 5.5 s (001 §8) unless something else ended it.
    window.setTimeout(() => {
      if (!run.finished) showError(keyRef.key, CONNECTION_ERROR_TEXT);
    }, CONNECTION_ERROR_DELAY_MS);
    return;
  }
  if (run.finished || run.abort.signal.aborted) return;
  // The stream closed without a final event: cancel on the server (000 §4) and keep what came.
  await stopOnServer(keyRef.key, run);
}

async function stopOnServer(key: string, current: Run): Promise<void> {
  try {
    const answer = await chatApi.abort(key);
    if (answer && typeof answer === 'object' && (answer as { final?: boolean }).final) {
      onFinal(key, current, answer as FinalEvent);
      return;
    }
  } catch (error) {
    // 000 §4: a failed cancel says so; the saved messages tell what happened.
    if (!isApiError(error, 404)) showToast(i18next.t('com_error_cancel'), 'error');
  }
  if (!current.finished) {
    finish(key);
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages(key) });
  }
}

function newRun(wantsTitle: boolean, tempUser: boolean): Run {
  return { queue: [], frame: null, abort: new AbortController(), finished: false, wantsTitle, tempUser };
}

/** Conversations whose send was accepted and is about to start (see sendMessage). */
const starting = new Set<string>();

/**
 * Sends a message (or regenerates, continues, or resubmits an edit) and streams the answer into
 * the message cache. Ignored while this conversation is already submitting or the text is empty.
 * The exchange starts in a task of its own: the event that sends (Enter, a click) ends at once,
 * so the box clears and echoes without waiting for the new rows to render.
 */
export function sendMessage(options: SendOptions): boolean {
  const key = options.conversationId;
  if (gen(key) || starting.has(key)) return false;
  if (options.kind === 'new' && options.text.trim() === '') return false;
  starting.add(key);
  window.setTimeout(() => {
    starting.delete(key);
    startExchange(options);
  }, 0);
  return true;
}

function startExchange(options: SendOptions): void {
  const key = options.conversationId;
  if (gen(key)) return;
  const { body, userMessage, placeholder, initial } = buildRequestBody(options);
  if (options.kind === 'new') upsertMessages(key, [userMessage, placeholder]);
  else if (options.kind === 'regenerate') upsertMessages(key, [placeholder]);
  const current = newRun(key === 'new', options.kind === 'new');
  runs.set(key, current);
  useLive.getState().put({
    key,
    userMessageId: userMessage.messageId,
    placeholderId: placeholder.messageId,
    answer: initial ?? EMPTY_ANSWER,
    stopRequested: false,
  });
  const path = `/api/agents/chat/${encodeURIComponent(options.setup.endpoint)}`;
  void pump({ key }, path, body, current);
}

/** Re-attaches to a generation still running on the server (a reload mid-stream). */
export function resumeGeneration(conversationId: string): void {
  if (gen(conversationId)) return;
  const current = newRun(false, false);
  runs.set(conversationId, current);
  useLive.getState().put({
    key: conversationId,
    userMessageId: '',
    placeholderId: `${conversationId}__resume`,
    answer: EMPTY_ANSWER,
    stopRequested: false,
  });
  const keyRef = { key: conversationId };
  const onEvent = (event: SseEvent) => {
    if (event.event === 'message' && event.data.includes('"sync":true')) {
      const sync = JSON.parse(event.data) as SyncEvent;
      const { requestMessage, responseMessageId } = sync.resumeState;
      const placeholder: Message = {
        messageId: responseMessageId,
        parentMessageId: requestMessage.messageId,
        conversationId,
        sender: '',
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
      useLive
        .getState()
        .patch(conversationId, { placeholderId: responseMessageId, userMessageId: requestMessage.messageId });
    }
    handleEvent(keyRef, current, event);
  };
  void (async () => {
    try {
      await readStream(
        `/api/agents/chat/stream/${encodeURIComponent(conversationId)}?resume=true`,
        undefined,
        current.abort.signal,
        onEvent,
      );
    } catch {
      // Nothing to resume (finished meanwhile): the saved messages are the truth.
    }
    if (!current.finished) {
      finish(conversationId);
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
    }
  })();
}

/** Stop: the server stops the generation and saves the partial answer; its final closes the run. */
export async function stopGeneration(key: string): Promise<void> {
  const current = gen(key);
  const active = runs.get(key);
  if (!current || !active) return;
  useLive.getState().patch(key, { stopRequested: true });
  if (key === 'new') {
    // Not named yet: stop as soon as `created` arrives.
    const unsubscribe = useLive.subscribe((s) => {
      const created = s.created;
      if (created?.from === 'new') {
        unsubscribe();
        void stopGeneration(created.to);
      }
    });
    return;
  }
  await stopOnServer(key, active);
  active.abort.abort();
}
