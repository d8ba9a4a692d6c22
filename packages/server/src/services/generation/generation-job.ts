import { errorEvent, type ContentPart } from '@parley/schema';
import type {
  ModelParameters,
  Provider,
  ProviderEvent,
  ProviderFailure,
  ProviderMessage,
  TokenUsage,
} from '../providers/provider.ts';
import { ContentBuilder } from './content-builder.ts';
import type { JobChannel } from './job-channel.ts';
import type { JobInit } from './resume-state.ts';

/** How a generation ended. */
export type GenerationOutcome =
  /** The provider finished. */
  | 'done'
  /** Stopped by the user or by shutdown. */
  | 'aborted'
  /** The upstream connection broke mid-answer. */
  | 'lost'
  /** The provider refused or failed. */
  | 'error';

export interface GenerationResult {
  outcome: GenerationOutcome;
  parts: ContentPart[];
  /** The plain text of the whole answer (a continued answer's earlier text included). */
  text: string;
  /** The provider's finish reason when outcome is `done`. */
  finishReason?: string;
  usage?: TokenUsage;
  failure?: ProviderFailure;
  /** When the generation started, its first streamed output arrived, and it ended (ms epoch). */
  timing?: { startedAt: number; firstOutputAt?: number; endedAt: number };
}

interface Upstream {
  iterator: AsyncIterator<ProviderEvent>;
  first: Promise<IteratorResult<ProviderEvent>>;
}

/** The event that ends the stream, built once the answer is saved. */
export interface TerminalEvent {
  kind: 'f' | 'e';
  json: string;
}

export interface GenerationSpec {
  jobId: string;
  userId: string;
  conversationId: string;
  responseMessageId: string;
  init: JobInit;
  /** The `created` event (already JSON). */
  createdJson: string;
  /** Null when the endpoint cannot be called (e.g. it needs the user's key). */
  provider: Provider | null;
  /** Why the provider is missing, as a failure the error event reports. */
  missingProvider?: ProviderFailure;
  model: string;
  messages: ProviderMessage[];
  parameters: ModelParameters;
  /**
   * Settles when the request message is saved. The upstream request starts at once, in
   * parallel; no event is published before this resolves, and when it rejects the upstream
   * request is dropped and nothing is saved.
   */
  ready: Promise<unknown>;
  /** The client asked for the job to outlive its streams (see JobMeta.resumable). */
  resumable?: boolean;
  /** Saves the answer and shapes the stream's last event; called exactly once. */
  complete(result: GenerationResult): Promise<TerminalEvent>;
}

/**
 * One generation: the provider stream mapped to content parts and step events, published through
 * its channel, independent of any HTTP connection. Ends with `complete()` whatever happens.
 */
export class GenerationJob {
  private readonly controller = new AbortController();
  private abortReason: 'stop' | 'shutdown' | null = null;
  readonly done: Promise<void>;
  private startRun!: () => void;

  constructor(
    readonly spec: GenerationSpec,
    private readonly channel: JobChannel,
    private readonly onError: (err: unknown) => void,
    /** Frees the job's resources (lock, control subscription) before its last event goes out. */
    private readonly settle: () => Promise<void>,
    /** Called at the first streamed output (time-to-first-token metrics). */
    private readonly onFirstOutput: () => void = () => undefined,
  ) {
    this.done = new Promise<void>((resolve) => (this.startRun = resolve))
      .then(() => this.run())
      .catch(onError);
  }

  start(): void {
    this.startRun();
  }

  abort(reason: 'stop' | 'shutdown'): void {
    if (this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort(reason);
  }

  get aborted(): boolean {
    return this.abortReason !== null;
  }

  private async run(): Promise<void> {
    const { spec, channel } = this;
    const builder = new ContentBuilder(spec.responseMessageId, spec.init.content);
    // Time to first output counts from here: the upstream request starts now.
    const startedAt = Date.now();
    const upstream = this.openUpstream();
    const saved = await spec.ready.then(
      () => true,
      () => false,
    );
    if (!saved) {
      this.controller.abort();
      await upstream?.first.catch(() => undefined);
      await this.settle().catch(this.onError);
      await channel.emitTerminal('e', this.errorJson('The message could not be saved.'));
      return;
    }
    channel.emit('i', JSON.stringify(spec.init));
    channel.emit('m', spec.createdJson);
    const result = await this.consume(upstream, builder, startedAt);
    let terminal: TerminalEvent;
    try {
      terminal = await spec.complete(result);
    } catch (err) {
      this.onError(err);
      terminal = { kind: 'e', json: this.errorJson('The answer could not be saved.') };
    }
    await this.settle().catch(this.onError);
    await channel.emitTerminal(terminal.kind, terminal.json);
  }

  /** Starts the upstream request now (its first event is asked for at once). */
  private openUpstream(): Upstream | null {
    const { spec } = this;
    if (!spec.provider) return null;
    const events = spec.provider.stream({
      model: spec.model,
      messages: spec.messages,
      parameters: spec.parameters,
      signal: this.controller.signal,
    });
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
    const snapshot = (outcome: GenerationOutcome, extra: Partial<GenerationResult> = {}) => ({
      outcome,
      parts: builder.parts,
      text: builder.text(),
      timing: { startedAt, firstOutputAt, endedAt: Date.now() },
      ...extra,
    });
    if (!upstream) {
      return snapshot('error', { failure: this.spec.missingProvider ?? { message: 'No provider' } });
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
          this.onFirstOutput();
          firstOutputAt ??= Date.now();
          this.channel.emit('m', json);
        }
      }
    } catch (err) {
      if (!this.aborted)
        return snapshot('error', { failure: { message: (err as Error).message ?? String(err) } });
    }
    // The stream ended without a finish: stopped, or the provider went quiet.
    return snapshot(this.aborted ? 'aborted' : 'lost');
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
