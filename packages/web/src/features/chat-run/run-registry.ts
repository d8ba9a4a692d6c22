import i18next from 'i18next';
import { hasErrorCode } from '../../api/api-error';
import { showToast } from '../toasts';
import { chatApi } from '../../api/chat-api';
import { chatCacheWriter } from './chat-cache-writer';
import { ChatRun, type ChatRunDeps } from './chat-run';
import { useLive } from './live-store';
import { buildRequestBody, type SendOptions } from './request-body';
import { EMPTY_ANSWER } from './stream-reducer';
import { readStream } from './stream-request';

/** The runs of this tab, one per conversation key ("new" until the server names the chat). */
const runs = new Map<string, ChatRun>();
/** Conversations whose send was accepted, then stopped before the exchange started. */
const stoppedWhileStarting = new Set<string>();

const liveGenerations: ChatRunDeps['live'] = {
  get: (key) => useLive.getState().generations[key],
  patch: (key, patch) => useLive.getState().patch(key, patch),
  rekey: (from, to) => useLive.getState().rekey(from, to),
  remove: (key) => useLive.getState().remove(key),
};

const deps: ChatRunDeps = {
  live: liveGenerations,
  writer: chatCacheWriter,
  abortOnServer: (conversationId) => chatApi.abort(conversationId),
  onStopFailed: (error) => {
    // A failed stop says so, unless there was nothing left to stop; the saved messages tell what happened.
    if (!hasErrorCode(error, 'not_found')) showToast(i18next.t('com_error_cancel'), 'error');
  },
  fetchTitle: async (conversationId) => (await chatApi.genTitle(conversationId)).title,
  fetchMemoryUpdates: (conversationId, messageId) => chatApi.memoryUpdates(conversationId, messageId),
  resumeStream: (conversationId) => (signal, onEvent) =>
    readStream(resumePath(conversationId), undefined, signal, onEvent),
  whenOnline: () =>
    navigator.onLine
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (callback, ms) => void window.setTimeout(callback, ms),
  moved: (from, to, run) => {
    runs.set(to, run);
    runs.delete(from);
  },
  ended: (key) => {
    runs.delete(key);
  },
};

const resumePath = (conversationId: string) =>
  `/api/agents/chat/stream/${encodeURIComponent(conversationId)}?resume=true`;

const isLive = (key: string): boolean => Boolean(useLive.getState().generations[key]);
const isStarting = (key: string): boolean => Boolean(useLive.getState().starting[key]);

/**
 * Sends a message (or regenerates, continues, or resubmits an edit) and streams the answer into
 * the message cache. Ignored while this conversation is already submitting or the text is empty.
 * The exchange starts in a task of its own: the event that sends (Enter, a click) ends at once,
 * so the box clears and echoes without waiting for the new rows to render.
 */
export function sendMessage(options: SendOptions): boolean {
  const key = options.conversationId;
  if (isLive(key) || isStarting(key)) return false;
  if (options.kind === 'new' && options.text.trim() === '') return false;
  useLive.getState().markStarting(key);
  window.setTimeout(() => {
    try {
      startExchange(options);
    } finally {
      useLive.getState().clearStarting(key);
    }
    // Stop pressed in the moment before the exchange started: the message is sent (its text has
    // left the box) and its answer stopped at once, as a stop just after the start would.
    if (stoppedWhileStarting.delete(key)) void stopGeneration(key);
  }, 0);
  return true;
}

function startExchange(options: SendOptions): void {
  const key = options.conversationId;
  if (isLive(key)) return;
  const { body, userMessage, placeholder, addedPlaceholder, initial } = buildRequestBody(options);
  const kind = options.kind === 'new' || options.kind === 'regenerate' ? options.kind : 'other';
  chatCacheWriter.startExchange(key, kind, userMessage, placeholder);
  if (addedPlaceholder) chatCacheWriter.addAnswerRow(key, addedPlaceholder);
  const run = new ChatRun(key, { wantsTitle: key === 'new', userUnsent: options.kind === 'new' }, deps);
  runs.set(key, run);
  useLive.getState().put({
    key,
    userMessageId: userMessage.messageId,
    placeholderId: placeholder.messageId,
    answer: initial ?? EMPTY_ANSWER,
    stopRequested: false,
    ...(addedPlaceholder
      ? { added: { placeholderId: addedPlaceholder.messageId, answer: EMPTY_ANSWER, done: false } }
      : {}),
  });
  const path = `/api/agents/chat/${encodeURIComponent(options.setup.endpoint)}`;
  void run.send((signal, onEvent) => readStream(path, body, signal, onEvent));
}

/** Re-attaches to a generation still running on the server (a reload mid-stream). */
export function resumeGeneration(conversationId: string): void {
  if (isLive(conversationId)) return;
  const run = new ChatRun(conversationId, { wantsTitle: false, userUnsent: false }, deps);
  runs.set(conversationId, run);
  useLive.getState().put({
    key: conversationId,
    userMessageId: '',
    placeholderId: `${conversationId}__resume`,
    answer: EMPTY_ANSWER,
    stopRequested: false,
  });
  void run.resume(deps.resumeStream(conversationId));
}

/** Stop: the server stops the generation and saves the partial answer; its final closes the run. */
export async function stopGeneration(key: string): Promise<void> {
  if (isStarting(key)) {
    stoppedWhileStarting.add(key);
    return;
  }
  const run = runs.get(key);
  if (!isLive(key) || !run) return;
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
  await run.stop();
}
