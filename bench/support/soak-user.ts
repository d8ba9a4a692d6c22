// One simulated person of the soak benchmark: signs in, then loops through what a person does in
// the web app (list, search, chat with streaming, stop, regenerate, edit, share, import a small
// file), over HTTP exactly as the web app does, and keeps a ledger of every message the server
// acknowledged, so the database can be checked against it afterwards.
import { NO_PARENT, RESUMABLE_STREAM_HEADER } from '@parley/schema';
import { HUNG, parleyText, timedStream, type StreamTiming } from './sse-probe.ts';

export interface SoakConfig {
  /** The instances behind the (simulated) load balancer; each request goes to one of them. */
  urls: string[];
  endpoint: string;
  model: string;
  thinkMs: number;
  streamTimeoutMs: number;
  /** Faults are expected: a refused connection is retried on another instance, as a balancer would. */
  faults: boolean;
}

/** A chat stream cut after the server acknowledged its user message (an instance was killed). */
export interface Interrupted {
  conversationId: string;
  userMessageId: string;
  responseMessageId?: string;
}

/** What the server acknowledged to this user: the rows the database must hold afterwards. */
export interface Ledger {
  /** conversationId → message ids the streams acknowledged (created + final). */
  conversations: Map<string, Set<string>>;
  /** Answers that were stopped: they must be saved unfinished. */
  stopped: Set<string>;
  /** Message rows the imports reported writing. */
  importedMessages: number;
  interrupted: Interrupted[];
}

export type Action =
  'signIn' | 'list' | 'search' | 'chat' | 'stop' | 'regenerate' | 'edit' | 'share' | 'import';

export interface CallRecord {
  action: Action;
  ms: number;
  ok: boolean;
  problem?: string;
}

interface ChatTurn {
  conversationId: string;
  /** The user message's text (regenerate sends it again, as the web app does). */
  text: string;
  userMessageId: string;
  responseMessageId: string;
}

/** Ids a stream carried: the saved user message (created) and the answer (final). */
interface StreamIds {
  created?: { messageId: string; conversationId: string };
  responseMessageId?: string;
  final?: { responseMessage: { messageId: string; text: string; unfinished?: boolean } };
  error?: string;
}

const CONNECTION_ERRORS =
  /ECONNREFUSED|ECONNRESET|socket hang up|fetch failed|other side closed|closed mid-stream|^aborted$/;
const PASSWORD = 'soak password 1';
/** How long a resend after a cut keeps trying while the server answers 429 (busy). */
const BUSY_RETRY_FOR_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SoakUser {
  readonly ledger: Ledger = {
    conversations: new Map(),
    stopped: new Set(),
    importedMessages: 0,
    interrupted: [],
  };
  /** Stops that reached the server after the answer had finished. */
  lateStops = 0;
  /**
   * Resends after a cut that the server refused as busy (429: the dead instance's generation
   * still held the conversation), and how long each resend waited until it was taken.
   */
  readonly busyAfterCut = { refusals: 0, waitsMs: [] as number[] };
  private token = '';
  private turns: ChatTurn[] = [];
  private sent = 0;
  private next = 0;

  constructor(
    readonly email: string,
    private readonly config: SoakConfig,
    private readonly record: (call: CallRecord) => void,
  ) {}

  /** Registers and signs in (a person's first visit). */
  async signIn(): Promise<void> {
    await this.call('signIn', async () => {
      const account = { name: 'Soak', email: this.email, password: PASSWORD };
      const registered = await this.request('POST', '/api/auth/register', {
        ...account,
        confirm_password: PASSWORD,
      });
      if (!registered.ok && registered.status !== 409) throw new Error(await describe(registered));
      const login = await this.request('POST', '/api/auth/login', { email: this.email, password: PASSWORD });
      if (!login.ok) throw new Error(await describe(login));
      this.token = ((await login.json()) as { token: string }).token;
    });
  }

  /** Acts until `deadline`, one action after another with a pause between them. */
  async run(deadline: number): Promise<void> {
    const plan: (() => Promise<void>)[] = [
      () => this.chat(),
      () => this.list(),
      () => this.chat(),
      () => this.search(),
      () => this.stop(),
      () => this.regenerate(),
      () => this.edit(),
      () => this.chat(),
      () => this.share(),
      () => this.importFile(),
    ];
    // Users start at different points of the plan, so all actions run at once from the start.
    let step = Math.floor(Math.random() * plan.length);
    while (Date.now() < deadline) {
      await plan[step++ % plan.length]!();
      await sleep(this.config.thinkMs * (0.5 + Math.random()));
    }
  }

  private list = () =>
    this.call('list', async () => {
      const res = await this.request('GET', '/api/convos?limit=25');
      if (!res.ok) throw new Error(await describe(res));
      await res.arrayBuffer();
    });

  private search = () =>
    this.call('search', async () => {
      const res = await this.request('GET', `/api/convos?limit=25&search=${encodeURIComponent(this.tag(0))}`);
      if (!res.ok) throw new Error(await describe(res));
      await res.arrayBuffer();
    });

  /** A new message: in the last conversation half of the time, else in a new one. */
  private chat = () =>
    this.call('chat', async () => {
      const last = this.turns.at(-1);
      const inLast = last && Math.random() < 0.5;
      const text = this.uniqueText(12);
      const ids = await this.stream(this.body(text, inLast ? last : undefined));
      const answer = ids.final?.responseMessage;
      if (answer && answer.text !== text) throw new Error(`answer differs: ${answer.text.slice(0, 60)}`);
    });

  /** A long answer stopped (POST abort) after its first text: it must be saved unfinished. */
  private stop = () =>
    this.call('stop', async () => {
      let abort: Promise<Response> | undefined;
      let conversationId = '';
      const ids = await this.stream(this.body(this.uniqueText(400)), (data) => {
        const event = JSON.parse(data) as { created?: boolean; message?: { conversationId: string } };
        if (event.created) conversationId = event.message!.conversationId;
        if (!abort && conversationId && parleyText(data)) {
          abort = this.request('POST', '/api/agents/chat/abort', { conversationId });
        }
      });
      const answer = ids.final?.responseMessage;
      const stopped = abort ? await abort : undefined;
      if (stopped && stopped.status !== 200 && stopped.status !== 204)
        throw new Error(await describe(stopped));
      if (answer?.unfinished) {
        this.ledger.stopped.add(answer.messageId);
        return;
      }
      // The stop can reach the server after the whole answer did (a busy machine): the abort then
      // answers 204 (nothing running) or, when the answer ended while the stop was being
      // delivered, that finished answer's final. Either way the answer is rightly saved finished.
      const stopFinal = stopped?.status === 200 ? ((await stopped.json()) as StreamIds['final']) : undefined;
      if (answer && (stopped?.status === 204 || (stopFinal && !stopFinal.responseMessage.unfinished)))
        this.lateStops++;
      else if (answer) throw new Error(`a stopped answer came back finished (abort: ${stopped?.status})`);
    });

  /** Answers the last user message again: a second answer beside the first. */
  private regenerate = () =>
    this.call('regenerate', async () => {
      const turn = this.turns.at(-1);
      if (!turn) return this.chat();
      await this.stream({
        ...this.body(turn.text, turn),
        parentMessageId: turn.userMessageId,
        messageId: turn.userMessageId,
        isRegenerate: true,
      });
    });

  /** Edits the last answer's text in place (the pencil on a message, then Save). */
  private edit = () =>
    this.call('edit', async () => {
      const turn = this.turns.at(-1);
      if (!turn) return;
      const res = await this.request(
        'PUT',
        `/api/messages/${turn.conversationId}/${turn.responseMessageId}`,
        {
          text: `edited ${this.uniqueText(3)}`,
        },
      );
      if (!res.ok) throw new Error(await describe(res));
      await res.arrayBuffer();
    });

  private share = () =>
    this.call('share', async () => {
      const turn = this.turns.at(-1);
      if (!turn) return;
      const res = await this.request('POST', `/api/share/${turn.conversationId}`, {});
      if (!res.ok) throw new Error(await describe(res));
      await res.arrayBuffer();
    });

  /** A small LibreChat export of two messages. */
  private importFile = () =>
    this.call('import', async () => {
      const user = crypto.randomUUID();
      const file = {
        conversationId: crypto.randomUUID(),
        title: `imported ${this.tag(0)}`,
        endpoint: 'openAI',
        messages: [
          {
            messageId: user,
            parentMessageId: NO_PARENT,
            text: this.uniqueText(5),
            sender: 'User',
            isCreatedByUser: true,
          },
          {
            messageId: crypto.randomUUID(),
            parentMessageId: user,
            text: 'an answer',
            sender: 'GPT',
            isCreatedByUser: false,
          },
        ],
      };
      const form = new FormData();
      form.append(
        'file',
        new Blob([JSON.stringify(file)], { type: 'application/json' }),
        'small-export.json',
      );
      const res = await this.send('POST', '/api/convos/import', form);
      if (res.status !== 201) throw new Error(await describe(res));
      this.ledger.importedMessages += ((await res.json()) as { messages: number }).messages;
    });

  private body(text: string, turn?: ChatTurn) {
    return {
      text,
      sender: 'User',
      isCreatedByUser: true,
      clientTimestamp: new Date().toISOString().slice(0, 19),
      parentMessageId: turn?.responseMessageId ?? NO_PARENT,
      conversationId: turn?.conversationId ?? null,
      messageId: crypto.randomUUID(),
      endpoint: this.config.endpoint,
      model: this.config.model,
      isTemporary: false,
      isRegenerate: false,
      isContinued: false,
      editedContent: null,
      ephemeralAgent: { mcp: [], web_search: false, execute_code: false },
    } as Record<string, unknown>;
  }

  /**
   * One chat stream, as the web app sends it (resumable). What it acknowledged goes in the ledger;
   * a stream cut after `created` is recorded as interrupted when faults are expected.
   */
  private async stream(body: Record<string, unknown>, onData?: (data: string) => void): Promise<StreamIds> {
    const ids: StreamIds = {};
    const read = (data: string) => {
      const event = JSON.parse(data) as {
        created?: boolean;
        message?: { messageId: string; conversationId: string };
        final?: boolean;
        error?: boolean;
        text?: string;
        responseMessage?: { messageId: string; text: string; unfinished?: boolean };
        event?: string;
        data?: { runId?: string };
      };
      if (event.created) ids.created = event.message!;
      else if (event.error) ids.error = event.text ?? 'error event';
      else if (event.final) ids.final = event as StreamIds['final'];
      else if (event.data?.runId) ids.responseMessageId = event.data.runId;
      onData?.(data);
    };
    // A stream cut before `created` is sent again with the same body, so the same message id, as
    // the web app's Retry does: the server answers the message if it had saved it.
    let busySince: number | null = null;
    let cut = false;
    for (let attempt = 0; ; attempt++) {
      const url = `${this.pick(attempt)}/api/agents/chat/${this.config.endpoint}`;
      const timing = await timedStream(
        url,
        body,
        { authorization: `Bearer ${this.token}`, [RESUMABLE_STREAM_HEADER]: 'true' },
        parleyText,
        { onData: read, timeoutMs: this.config.streamTimeoutMs },
      );
      const problem = this.streamProblem(timing, ids);
      if (!problem) {
        if (busySince !== null) this.busyAfterCut.waitsMs.push(Date.now() - busySince);
        break;
      }
      // The resend found the conversation busy: the cut generation's instance died holding its
      // lock, which lapses within its lease. A person presses Retry again a moment later.
      if (cut && timing.status === 429 && Date.now() - (busySince ?? Date.now()) < BUSY_RETRY_FOR_MS) {
        busySince ??= Date.now();
        this.busyAfterCut.refusals++;
        await sleep(1000);
        continue;
      }
      if (this.config.faults && CONNECTION_ERRORS.test(problem)) {
        if (!ids.created && attempt < 5) {
          cut = true;
          await sleep(200);
          continue;
        }
        if (ids.created) {
          this.ledger.interrupted.push({
            conversationId: ids.created.conversationId,
            userMessageId: ids.created.messageId,
            ...(ids.responseMessageId ? { responseMessageId: ids.responseMessageId } : {}),
          });
          // The conversation's lane stays held until the dead instance's lock lapses: start afresh.
          this.turns = [];
          return ids;
        }
      }
      throw new Error(problem);
    }
    const { created, final } = ids;
    const acknowledged = this.ledger.conversations.get(created!.conversationId) ?? new Set<string>();
    acknowledged.add(created!.messageId).add(final!.responseMessage.messageId);
    this.ledger.conversations.set(created!.conversationId, acknowledged);
    if (!final!.responseMessage.unfinished) {
      this.turns.push({
        conversationId: created!.conversationId,
        text: String(body.text),
        userMessageId: created!.messageId,
        responseMessageId: final!.responseMessage.messageId,
      });
    }
    return ids;
  }

  private streamProblem(timing: StreamTiming, ids: StreamIds): string | null {
    if (timing.error === HUNG) return HUNG;
    if (timing.error) return timing.error;
    if (timing.status !== 200) return `status ${timing.status}`;
    if (ids.error) return `error event: ${ids.error.slice(0, 120)}`;
    if (!ids.created) return 'no created event';
    if (!ids.final) return 'no final event';
    return null;
  }

  /** Times one action and reports it; a thrown error is the action's failure. */
  private async call(action: Action, work: () => Promise<void>): Promise<void> {
    const started = performance.now();
    try {
      await work();
      this.record({ action, ms: performance.now() - started, ok: true });
    } catch (err) {
      this.record({ action, ms: performance.now() - started, ok: false, problem: (err as Error).message });
    }
  }

  private request(method: string, path: string, json?: unknown): Promise<Response> {
    return this.send(method, path, json === undefined ? undefined : JSON.stringify(json));
  }

  /** fetch on one instance; with faults expected, a refused connection moves to the next one. */
  private async send(method: string, path: string, body?: string | FormData): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(this.pick(attempt) + path, {
          method,
          headers: {
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          ...(body === undefined ? {} : { body }),
        });
      } catch (err) {
        if (!this.config.faults || attempt >= 5) throw err;
        await sleep(200);
      }
    }
  }

  /** Round robin over the instances, the next one on a retry. */
  private pick(attempt: number): string {
    const { urls } = this.config;
    if (attempt === 0) this.next++;
    return urls[(this.next + attempt) % urls.length]!;
  }

  /** A word only this user sends (so search finds its own conversations), then unique words. */
  private tag(n: number): string {
    return `${this.email.split('@')[0]}x${n}`;
  }

  private uniqueText(words: number): string {
    const id = this.sent++;
    return Array.from({ length: words }, (_, k) => (k === 0 ? this.tag(0) : `m${id}w${k}`)).join(' ');
  }
}

async function describe(res: Response): Promise<string> {
  return `${res.status} ${(await res.text()).slice(0, 160)}`;
}
