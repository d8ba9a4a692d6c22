import { errorEvent } from '@parley/schema';
import type { AnswerEvent } from './answer-event.ts';
import { attachmentEventData, type AttachmentEventData } from './attachment-event.ts';
import type {
  CompletionPort,
  GenerationOutcome,
  GenerationResult,
  JobHost,
  TerminalEvent,
} from './completion-port.ts';
import { ContentBuilder } from './content-builder.ts';
import type { JobChannel } from './job-channel.ts';
import { singleModelCall, type AnswerSource, type ModelCall } from './model-call.ts';
import type { JobInit } from './resume-state.ts';

/**
 * Who stopped a job: its user (the answer is saved as one they stopped, shown quietly) or the
 * server (a shutdown, a lost lock: the answer is saved as interrupted).
 */
export type AbortReason = 'user' | 'server';

interface Upstream {
  iterator: AsyncIterator<AnswerEvent>;
  first: Promise<IteratorResult<AnswerEvent>>;
}

/** What one generation streams, and under which ids; plain data. */
export interface GenerationSpec {
  jobId: string;
  userId: string;
  conversationId: string;
  /** Where the job's lock and meta live when not under the conversation id (see JobMeta.lane). */
  lane?: string;
  responseMessageId: string;
  init: JobInit;
  /** The `created` event (already JSON). */
  createdJson: string;
  /** The client asked for the job to outlive its streams (see JobMeta.resumable). */
  resumable?: boolean;
  call: ModelCall;
  /** Where the events come from; one model call unless given. */
  source?: AnswerSource;
  /** How the answer's pieces reach its streams; each piece at once when absent. */
  delivery?: AnswerDelivery;
}

/**
 * `withheld`: the conversation turned streaming off (`disableStreaming`), so nothing is published
 * until the final event carries the whole answer. `pauseMs`: the endpoint's `streamRate`, a wait
 * after each published piece.
 */
export interface AnswerDelivery {
  withheld: boolean;
  pauseMs: number;
}

/**
 * One generation: the model's events mapped to content parts and step events, published through
 * its channel, independent of any HTTP connection. Ends with its port's `complete()` whatever
 * happens.
 */
export class GenerationJob {
  private readonly controller = new AbortController();
  private abortReason: AbortReason | null = null;
  readonly done: Promise<void>;
  private startRun!: () => void;

  constructor(
    readonly spec: GenerationSpec,
    private readonly port: CompletionPort,
    private readonly channel: JobChannel,
    private readonly host: JobHost,
  ) {
    this.done = new Promise<void>((resolve) => (this.startRun = resolve))
      .then(() => this.run())
      .catch((err: unknown) => host.failed(err));
  }

  start(): void {
    this.startRun();
  }

  abort(reason: AbortReason): void {
    if (this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort(reason);
  }

  get aborted(): boolean {
    return this.abortReason !== null;
  }

  private async run(): Promise<void> {
    const { spec, channel, port, host } = this;
    const failed = (err: unknown) => host.failed(err);
    const builder = new ContentBuilder(spec.responseMessageId, spec.init.content);
    // Time to first output counts from here: the upstream request starts now.
    const startedAt = Date.now();
    const upstream = this.openUpstream();
    const saved = await port.requestSaved().then(
      () => true,
      () => false,
    );
    if (!saved) {
      this.controller.abort();
      await upstream?.first.catch(() => undefined);
      await host.settle().catch(failed);
      await channel.emitTerminal('e', this.errorJson('The message could not be saved.'));
      return;
    }
    channel.emit('i', JSON.stringify(spec.init));
    channel.emit('m', spec.createdJson);
    const result = await this.consume(upstream, builder, startedAt);
    let terminal: TerminalEvent;
    try {
      terminal = await port.complete(result);
    } catch (err) {
      failed(err);
      terminal = { kind: 'e', json: this.errorJson('The answer could not be saved.') };
    }
    await host.settle().catch(failed);
    await channel.emitTerminal(terminal.kind, terminal.json);
  }

  /** Starts the upstream request now (its first event is asked for at once). */
  private openUpstream(): Upstream | null {
    const { call, source = singleModelCall } = this.spec;
    if (!call.provider) return null;
    const events = source({ ...call, provider: call.provider }, this.controller.signal);
    const iterator = events[Symbol.asyncIterator]();
    const first = iterator.next();
    // Observed here so a rejection while the request message is still being saved is not unhandled.
    first.catch(() => undefined);
    return { iterator, first };
  }

  private async consume(
    upstream: Upstream | null,
    builder: ContentBuilder,
    startedAt: number,
  ): Promise<GenerationResult> {
    let firstOutputAt: number | undefined;
    const attachments: AttachmentEventData[] = [];
    const snapshot = (outcome: GenerationOutcome, extra: Partial<GenerationResult> = {}) => ({
      outcome,
      parts: builder.parts,
      text: builder.text(),
      timing: { startedAt, firstOutputAt, endedAt: Date.now() },
      ...(attachments.length ? { attachments } : {}),
      ...extra,
    });
    if (!upstream) {
      return snapshot('error', { failure: this.spec.call.missingProvider ?? { message: 'No provider' } });
    }
    try {
      for (let next = await upstream.first; !next.done; next = await upstream.iterator.next()) {
        const event = next.value;
        if (event.type === 'finish') {
          await upstream.iterator.return?.();
          return snapshot('done', { finishReason: event.reason, usage: event.usage });
        }
        if (event.type === 'error') {
          return snapshot(event.failure.lostConnection ? 'lost' : 'error', { failure: event.failure });
        }
        for (const json of builder.apply(event)) {
          this.host.firstOutput();
          firstOutputAt ??= Date.now();
          if (this.spec.delivery?.withheld) continue;
          this.channel.emit('m', json);
          await this.pause();
        }
        if (event.type === 'tool-result' && event.files?.length) this.announceFiles(event, attachments);
      }
    } catch (err) {
      if (!this.aborted)
        return snapshot('error', { failure: { message: (err as Error).message ?? String(err) } });
    }
    // The stream ended without a finish: stopped, or the provider went quiet.
    if (!this.aborted) return snapshot('lost');
    return snapshot(this.abortReason === 'user' ? 'stopped' : 'aborted');
  }

  /**
   * The files a finished tool call made: each an `event: attachment` right after the call's
   * completed step (also when streaming is withheld: they are not text to hold back), and kept
   * for the saved answer.
   */
  private announceFiles(
    event: Extract<AnswerEvent, { type: 'tool-result' }>,
    into: AttachmentEventData[],
  ): void {
    const ids = {
      messageId: this.spec.responseMessageId,
      toolCallId: event.id,
      conversationId: this.spec.conversationId,
    };
    for (const file of event.files ?? []) {
      const data = attachmentEventData(file, ids);
      into.push(data);
      this.channel.emit('a', JSON.stringify(data));
    }
  }

  /** The endpoint's streamRate wait after a published piece; a stop ends it at once. */
  private pause(): Promise<void> {
    const ms = this.spec.delivery?.pauseMs ?? 0;
    if (ms <= 0 || this.aborted) return Promise.resolve();
    const { signal } = this.controller;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private errorJson(text: string): string {
    const { spec } = this;
    return JSON.stringify(
      errorEvent(
        {
          responseMessageId: spec.responseMessageId,
          conversationId: spec.conversationId,
          requestMessageId: spec.init.requestMessage.messageId,
        },
        text,
      ),
    );
  }
}
