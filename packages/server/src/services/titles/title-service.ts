// The title function alone: the simulator's index would load the whole simulator with it.
import { simTitle } from '@parley/llm-sim/title';
import { DEFAULT_CONVERSATION_TITLE } from '@parley/schema';
import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';
import { findConversation } from '../conversation-records/conversation-access.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { Provider } from '../providers/provider.ts';
import type { TokenUsage } from '../providers/provider.ts';
import { oneShotUsage, type CallCharger } from '../balance/call-usage.ts';
import { buildTitleRequest, cleanTitle } from './title-prompt.ts';
import { saveGeneratedTitle } from './title-store.ts';

/** How long `gen_title` waits for a title being generated. */
export const TITLE_WAIT_MS = 20_000;
const TITLE_TIMEOUT_MS = 30_000;
const PENDING_TTL_MS = TITLE_TIMEOUT_MS + 5_000;
const VALUE_TTL_MS = 10 * 60_000;

/** Bus names, so waits work across instances. */
const titleKeys = {
  pending: (conversationId: string) => `title:pending:${conversationId}`,
  value: (conversationId: string) => `title:value:${conversationId}`,
  channel: (conversationId: string) => `title:${conversationId}`,
};

export interface TitleInput {
  userId: string;
  conversationId: string;
  endpoint: ChatEndpoint;
  /** The provider to ask; the endpoint's own when not given (user-provided keys give theirs). */
  provider?: Provider | null;
  /** The conversation's model, used unless the endpoint names a titleModel. */
  model: string;
  /** The answer the title follows (its usage is recorded with it). */
  messageId?: string;
  userText: string;
  answerText: string;
}

/**
 * Titles new conversations after their first answer: locally on the Demo endpoint, otherwise in
 * the background with the endpoint's title model. The title is saved on the conversation and
 * announced on the Bus, where `gen_title` waits for it.
 */
export class TitleService {
  private readonly running = new Set<Promise<void>>();
  /** Aborted on shutdown so pending title calls end at once. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly bus: Bus,
    private readonly logger: Logger,
    /** Charges the title call to the user's balance and records its usage. */
    private readonly charge?: CallCharger,
  ) {}

  /** The Demo endpoint's title: made from the first message, no model call. */
  localTitle(userText: string): string {
    return simTitle(userText);
  }

  /** Announces a title already saved on the conversation. */
  async announce(conversationId: string, title: string): Promise<void> {
    await this.bus.set(titleKeys.value(conversationId), title, VALUE_TTL_MS);
    await this.bus.del(titleKeys.pending(conversationId));
    await this.bus.publish(titleKeys.channel(conversationId), title);
  }

  /**
   * Starts titling in the background with the endpoint's provider. Marked pending before this
   * returns, so a `gen_title` that arrives right after the final event waits for it.
   */
  async generateInBackground(input: TitleInput): Promise<void> {
    if (input.endpoint.title.kind !== 'provider' || !(input.provider ?? input.endpoint.provider)) return;
    await this.bus.set(titleKeys.pending(input.conversationId), '1', PENDING_TTL_MS);
    const task = this.generate(input).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  private async generate(input: TitleInput): Promise<void> {
    const { endpoint } = input;
    const strategy = endpoint.title;
    const provider = input.provider ?? endpoint.provider;
    if (strategy.kind !== 'provider' || !provider) return;
    let title = '';
    try {
      const request = buildTitleRequest(input.userText, input.answerText, strategy.prompt);
      const model = strategy.model ?? input.model;
      let reported: TokenUsage | undefined;
      const raw = await provider.complete({
        model,
        messages: request,
        parameters: { temperature: 0.2, maxOutputTokens: 40 },
        signal: AbortSignal.any([AbortSignal.timeout(TITLE_TIMEOUT_MS), this.stopping.signal]),
        onUsage: (usage) => (reported = usage),
      });
      await this.charge?.(
        {
          userId: input.userId,
          conversationId: input.conversationId,
          messageId: input.messageId ?? null,
          endpoint: endpoint.name,
          model,
        },
        oneShotUsage(model, request, raw, reported),
      ).catch((err: unknown) =>
        this.logger.warn({ err, conversationId: input.conversationId }, 'title usage not recorded'),
      );
      title = cleanTitle(raw);
      if (title) {
        const saved = await saveGeneratedTitle(
          this.db,
          input.userId,
          input.conversationId,
          title,
          DEFAULT_CONVERSATION_TITLE,
        );
        if (!saved) title = '';
      }
    } catch (err) {
      this.logger.warn({ err, conversationId: input.conversationId }, 'title generation failed');
    }
    if (title) await this.announce(input.conversationId, title);
    else await this.abandon(input.conversationId);
  }

  private async abandon(conversationId: string): Promise<void> {
    await this.bus.del(titleKeys.pending(conversationId));
    // An empty message wakes waiters without a title.
    await this.bus.publish(titleKeys.channel(conversationId), '');
  }

  /**
   * `POST /api/convos/gen_title`: the conversation's generated title, waiting up to
   * `timeoutMs` while one is being made. Null when the conversation is not the user's, or it has
   * no title and none is coming.
   */
  async waitForTitle(
    userId: string,
    conversationId: string,
    timeoutMs = TITLE_WAIT_MS,
  ): Promise<string | null> {
    const conversation = await findConversation(this.db, userId, conversationId);
    if (!conversation) return null;
    const stored = conversation.title !== DEFAULT_CONVERSATION_TITLE ? conversation.title : null;
    let resolveWait!: (title: string | null) => void;
    const announced = new Promise<string | null>((resolve) => (resolveWait = resolve));
    const unsubscribe = await this.bus.subscribe(titleKeys.channel(conversationId), (m) =>
      resolveWait(m || null),
    );
    try {
      const ready = await this.bus.get(titleKeys.value(conversationId));
      if (ready) return ready;
      if (!(await this.bus.get(titleKeys.pending(conversationId)))) return stored;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
      const title = await Promise.race([announced, timeout]);
      clearTimeout(timer);
      return title ?? stored;
    } finally {
      await unsubscribe();
    }
  }

  /** Shutdown: cancels background titles and waits until they have let go of the database. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }
}
