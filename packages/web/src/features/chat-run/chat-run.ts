import {
  ADDED_ANSWER_FIELD,
  readStreamEvent,
  type FinalEvent,
  type MemoryStepAnswer,
  type Message,
  type SyncEvent,
} from '@parley/schema';
import type { ChatRunWriter } from './chat-cache-writer';
import type { Generation } from './live-store';
import { answerFromResume, applySteps, withAttachment, type StepEventData } from './stream-reducer';
import type { SseEvent } from './sse-parser';
import { StreamRefused } from './stream-refused';

/** With no connection at all, the answer says so after 5.5 s unless something else ended the run. */
export const CONNECTION_ERROR_DELAY_MS = 5500;
/** A new conversation with no title in its final event asks for one 2.5 s later. */
export const TITLE_DELAY_MS = 2500;
/**
 * Pauses before each attempt at following a generation again after its stream broke (the server
 * goes on generating without us); each attempt waits for the browser to be online first.
 */
export const REATTACH_DELAYS_MS = [300, 2000, 5000] as const;
/** Marker text of the connection error message; rendered as its localized text. */
export const CONNECTION_ERROR_TEXT = 'Error connecting to server, try refreshing the page.';

/** How every event of a second answer (multi-conversation) begins on the wire. */
const ADDED_EVENT_PREFIX = `{"${ADDED_ANSWER_FIELD}":true`;

/** Opens the stream and calls back per event; resolves when it closes, rejects when it fails. */
export type RunStream = (signal: AbortSignal, onEvent: (event: SseEvent) => void) => Promise<void>;

/** The live state components read (one generation per conversation key). */
export interface LiveGenerations {
  get(key: string): Generation | undefined;
  patch(key: string, patch: Partial<Generation>): void;
  rekey(from: string, to: string): void;
  remove(key: string): void;
}

/** What a run needs from the outside; the registry passes the real ones, tests pass fakes. */
export interface ChatRunDeps {
  live: LiveGenerations;
  writer: ChatRunWriter;
  /** The stop call: answers the final event when the server still had the generation. */
  abortOnServer(conversationId: string): Promise<unknown>;
  /** A stop call that failed for a reason other than "nothing to stop". */
  onStopFailed(error: unknown): void;
  fetchTitle(conversationId: string): Promise<string | undefined>;
  /** What the memory step changed after an answer (the server waits while it runs). */
  fetchMemoryUpdates(conversationId: string, messageId: string): Promise<MemoryStepAnswer>;
  /** The resume call's stream for a conversation's running generation. */
  resumeStream(conversationId: string): RunStream;
  /** Resolves when the browser has a network connection (at once when it has one). */
  whenOnline(): Promise<void>;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): void;
  /** The registry follows the run when a new chat gets its id, and forgets it when it ends. */
  moved(from: string, to: string, run: ChatRun): void;
  ended(key: string, run: ChatRun): void;
}

function isFinalAnswer(answer: unknown): answer is FinalEvent {
  return typeof answer === 'object' && answer !== null && (answer as { final?: boolean }).final === true;
}

/**
 * One generation from send to final: it reads the stream, queues step events and applies them
 * at most once per animation frame, follows the conversation from its temporary key to the id the
 * server gives it, and ends with the final event, an error, or a stop. Everything it writes goes
 * through its writer and its live-state port.
 */
export class ChatRun {
  key: string;
  finished = false;
  readonly abort = new AbortController();
  private queue: StepEventData[] = [];
  private addedQueue: StepEventData[] = [];
  private frame: number | null = null;
  /** The first answer ended while a second one still streams: the run ends with the second. */
  private mainEnded = false;

  constructor(
    key: string,
    private readonly options: {
      /** Set when the conversation is new and the title must be asked for after the reply. */
      wantsTitle: boolean;
      /** The user message exists only in this tab until the server confirms it with `created`. */
      userUnsent: boolean;
    },
    private readonly deps: ChatRunDeps,
  ) {
    this.key = key;
  }

  private get live(): Generation | undefined {
    return this.deps.live.get(this.key);
  }

  /** Sends: streams the answer; a stream that closes without a final is stopped on the server. */
  async send(stream: RunStream): Promise<void> {
    try {
      await stream(this.abort.signal, (event) => this.handle(event));
    } catch (error) {
      if (this.abort.signal.aborted || this.finished) return;
      if (error instanceof StreamRefused) {
        const text = error.body || `Request failed with status ${error.status}`;
        this.fail(text, undefined, true);
        return;
      }
      // The connection broke after the server took the request: it goes on generating, so the
      // answer is followed again through the resume call once the network is back.
      if (!this.options.userUnsent) {
        await this.reattach();
        return;
      }
      this.deps.setTimer(() => {
        if (!this.finished) this.fail(CONNECTION_ERROR_TEXT);
      }, CONNECTION_ERROR_DELAY_MS);
      return;
    }
    if (this.finished || this.abort.signal.aborted) return;
    // The stream closed without a final event: cancel on the server and keep what came.
    await this.stopOnServer();
  }

  /**
   * Re-attaches to a generation still running on the server (a reload mid-stream). The first
   * sync event names the request and the answer, whose rows appear before the content does.
   */
  async resume(stream: RunStream): Promise<void> {
    try {
      await stream(this.abort.signal, (event) => {
        if (event.data.startsWith(ADDED_EVENT_PREFIX)) {
          this.handle(event);
          return;
        }
        if (event.event === 'message' && event.data.includes('"sync":true')) {
          const sync = JSON.parse(event.data) as SyncEvent;
          this.deps.writer.writeResumed(this.key, sync);
          this.deps.live.patch(this.key, {
            placeholderId: sync.resumeState.responseMessageId,
            userMessageId: sync.resumeState.requestMessage.messageId,
          });
        }
        this.handle(event);
      });
    } catch {
      // Nothing to resume (finished meanwhile): the saved messages are the truth.
    }
    if (!this.finished) {
      const key = this.key;
      this.finish();
      this.deps.writer.refetchMessages(key);
    }
  }

  private async reattach(): Promise<void> {
    for (const delay of REATTACH_DELAYS_MS) {
      await this.deps.whenOnline();
      await new Promise<void>((resolve) => this.deps.setTimer(resolve, delay));
      if (this.abort.signal.aborted || this.finished) return;
      try {
        await this.deps.resumeStream(this.key)(this.abort.signal, (event) => this.handle(event));
      } catch (error) {
        if (this.abort.signal.aborted || this.finished) return;
        // Refused (say, 404): there is nothing left to follow; the saved messages tell the end.
        if (error instanceof StreamRefused) break;
        continue;
      }
      break;
    }
    if (this.finished || this.abort.signal.aborted) return;
    const key = this.key;
    this.finish();
    this.deps.writer.refetchMessages(key);
  }

  /** Stop: the server stops the generation and saves the partial answer; its final ends the run. */
  async stop(): Promise<void> {
    const added = this.live?.added;
    await this.stopOnServer();
    this.abort.abort();
    // The stop call answers the first answer's final; the second, stopped and saved with it,
    // is read back as saved.
    if (added && !added.done) this.endAdded(true);
  }

  /** Dispatches one server-sent event. */
  handle(sse: SseEvent): void {
    if (sse.data.startsWith(ADDED_EVENT_PREFIX)) {
      this.handleAdded(sse);
      return;
    }
    const read = readStreamEvent(sse.event, sse.data);
    switch (read?.kind) {
      case 'error':
        this.flush();
        this.finished = true;
        this.fail(
          String(read.event.text ?? ''),
          typeof read.event.messageId === 'string' ? read.event.messageId : undefined,
        );
        // A new conversation whose first answer failed was named from the user's words before
        // the error was sent: its list row and header take that name instead of "New Chat".
        if (this.options.wantsTitle && this.key !== 'new') void this.applyFetchedTitle(this.key);
        return;
      case 'created':
        this.adoptCreated(read.event.message as Message & { conversationId: string });
        return;
      case 'sync':
        if (this.live) {
          const state = read.event.resumeState;
          this.deps.live.patch(this.key, {
            answer: answerFromResume(state.responseMessageId, state.content, state.runSteps),
          });
        }
        return;
      case 'final':
        this.complete(read.event);
        return;
      case 'step':
        this.queue.push(read.event);
        this.scheduleFlush();
        return;
      case 'attachment':
        this.addAttachment(read.event, false);
        return;
      default:
        // Anything unknown is skipped.
        return;
    }
  }

  /** One event of the second answer: its steps, its end, or its state after a reload. */
  private handleAdded(sse: SseEvent): void {
    const added = this.live?.added;
    if (sse.event === 'attachment') {
      const read = readStreamEvent('attachment', sse.data);
      if (read?.kind === 'attachment') this.addAttachment(read.event, true);
      return;
    }
    const read = readStreamEvent('message', sse.data);
    switch (read?.kind) {
      case 'step':
        if (!added || added.done) return;
        this.addedQueue.push(read.event);
        this.scheduleFlush();
        return;
      case 'sync': {
        const state = read.event.resumeState;
        this.deps.writer.writeResumed(this.key, read.event);
        this.deps.live.patch(this.key, {
          added: {
            placeholderId: state.responseMessageId,
            answer: answerFromResume(state.responseMessageId, state.content, state.runSteps),
            done: false,
          },
        });
        return;
      }
      case 'final':
        if (!added || added.done) return;
        this.flush();
        this.deps.writer.writeAddedFinal(
          read.event.conversation?.conversationId ?? this.key,
          read.event,
          added.placeholderId,
        );
        this.endAdded(false);
        return;
      case 'error':
        if (!added || added.done) return;
        this.flush();
        this.deps.writer.writeAddedError(this.key, added.placeholderId, {
          text: String(read.event.text ?? ''),
          messageId: typeof read.event.messageId === 'string' ? read.event.messageId : undefined,
        });
        this.endAdded(false);
        return;
      default:
        // `created` is the first answer's; anything else is not shown yet.
        return;
    }
  }

  /**
   * A file a tool made (`event: attachment`): shown under the answer at once. Steps still queued
   * are applied first, so the file never shows before the call that made it.
   */
  private addAttachment(attachment: Record<string, unknown>, second: boolean): void {
    this.flush();
    const live = this.live;
    if (!live) return;
    if (!second) {
      this.deps.live.patch(this.key, { answer: withAttachment(live.answer, attachment) });
    } else if (live.added && !live.added.done) {
      this.deps.live.patch(this.key, {
        added: { ...live.added, answer: withAttachment(live.added.answer, attachment) },
      });
    }
  }

  /** The second answer ended; the run ends too when the first already had. */
  private endAdded(refetch: boolean): void {
    const added = this.live?.added;
    if (added) this.deps.live.patch(this.key, { added: { ...added, done: true } });
    if (refetch) this.deps.writer.refetchMessages(this.key);
    if (this.mainEnded) this.finish();
  }

  private scheduleFlush(): void {
    if (this.frame !== null) return;
    this.frame = this.deps.requestFrame(() => {
      this.frame = null;
      this.flush();
    });
  }

  /** Applies the queued step events to the live answer in one update. */
  private flush(): void {
    if (this.frame !== null) {
      this.deps.cancelFrame(this.frame);
      this.frame = null;
    }
    const live = this.live;
    if (!live || (this.queue.length === 0 && this.addedQueue.length === 0)) return;
    const events = this.queue;
    const addedEvents = this.addedQueue;
    this.queue = [];
    this.addedQueue = [];
    this.deps.live.patch(this.key, {
      answer: applySteps(live.answer, events),
      ...(live.added && addedEvents.length > 0
        ? { added: { ...live.added, answer: applySteps(live.added.answer, addedEvents) } }
        : {}),
    });
  }

  private adoptCreated(message: Message & { conversationId: string }): void {
    const live = this.live;
    if (!live) return;
    this.options.userUnsent = false;
    const from = this.key;
    const real = this.deps.writer.adoptCreated(from, message, live);
    if (real !== from) {
      this.key = real;
      this.deps.moved(from, real, this);
      this.deps.live.rekey(from, real);
    }
    this.deps.live.patch(real, { userMessageId: message.messageId });
  }

  private complete(final: FinalEvent): void {
    this.flush();
    const live = this.live;
    this.finished = true;
    const conversationId = final.conversation?.conversationId ?? this.key;
    const saved = final.conversation;
    const title = saved ? (final.title ?? (saved.title !== 'New Chat' ? saved.title : undefined)) : undefined;
    this.deps.writer.writeFinal(conversationId, final, live, title);
    if (saved && !title && this.options.wantsTitle) {
      this.deps.setTimer(() => void this.applyFetchedTitle(conversationId), TITLE_DELAY_MS);
    }
    if (final.memoryPending) void this.applyMemoryUpdates(conversationId, final.responseMessage.messageId);
    this.finish();
  }

  /** The memory step runs after the answer: its changes appear under it once it is done. */
  private async applyMemoryUpdates(conversationId: string, messageId: string): Promise<void> {
    try {
      const { attachments } = await this.deps.fetchMemoryUpdates(conversationId, messageId);
      if (attachments.length > 0) this.deps.writer.applyMemoryUpdates(conversationId, messageId, attachments);
    } catch {
      // The notice is a courtesy: the changes (if any) show with the saved messages next time.
    }
  }

  private async applyFetchedTitle(conversationId: string): Promise<void> {
    try {
      const title = await this.deps.fetchTitle(conversationId);
      if (title) this.deps.writer.applyTitle(conversationId, title);
    } catch {
      // No title (yet): the conversation keeps "New Chat".
    }
  }

  /** `refused`: the server saved nothing, so neither message may be answered later. */
  private fail(text: string, messageId?: string, refused = false): void {
    const live = this.live;
    if (!live) return;
    this.deps.writer.writeError(this.key, live, {
      text,
      messageId,
      refused,
      userUnsent: this.options.userUnsent,
    });
    // Refused, or never reached the server: no second answer is coming either.
    if (live.added && !live.added.done && (refused || messageId === undefined)) {
      this.deps.writer.writeAddedError(this.key, live.added.placeholderId, { text });
      this.deps.live.patch(this.key, { added: { ...live.added, done: true } });
    }
    this.finish();
  }

  private async stopOnServer(): Promise<void> {
    const key = this.key;
    try {
      const answer = await this.deps.abortOnServer(key);
      if (isFinalAnswer(answer)) {
        this.complete(answer);
        return;
      }
    } catch (error) {
      this.deps.onStopFailed(error);
    }
    if (!this.finished) {
      this.finish();
      this.deps.writer.refetchMessages(key);
    }
  }

  private finish(): void {
    // The first answer is done but the second still streams: the run (and the stop button) stays.
    const added = this.live?.added;
    if (added && !added.done && !this.abort.signal.aborted) {
      this.mainEnded = true;
      return;
    }
    this.finished = true;
    if (this.frame !== null) this.deps.cancelFrame(this.frame);
    this.deps.ended(this.key, this);
    this.deps.live.remove(this.key);
  }
}
