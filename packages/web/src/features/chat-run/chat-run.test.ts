import type { FinalEvent, Message } from '@parley/schema';
import { describe, expect, it, vi } from 'vitest';
import type { ChatRunWriter } from './chat-cache-writer';
import {
  ChatRun,
  CONNECTION_ERROR_DELAY_MS,
  CONNECTION_ERROR_TEXT,
  TITLE_DELAY_MS,
  type ChatRunDeps,
  type RunStream,
} from './chat-run';
import type { Generation } from './live-store';
import type { SseEvent } from './sse-parser';
import { EMPTY_ANSWER } from './stream-reducer';
import { StreamRefused } from './stream-refused';

/** A stream the test drives: it emits events, then closes or fails when told. */
function fakeStream() {
  let onEvent: ((event: SseEvent) => void) | undefined;
  let close: (() => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  let signal: AbortSignal | undefined;
  const stream: RunStream = (s, emit) =>
    new Promise<void>((resolve, reject) => {
      signal = s;
      onEvent = emit;
      close = resolve;
      fail = reject;
    });
  return {
    stream,
    emit: (data: unknown, event = 'message') => onEvent!({ event, data: JSON.stringify(data) }),
    close: () => close!(),
    fail: (error: unknown) => fail!(error),
    signal: () => signal!,
  };
}

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  conversationId: 'c1',
  sender: 'User',
  text: '',
  content: [],
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const step = (id: string, text: string) => ({
  event: 'on_message_delta',
  data: { id, delta: { content: [{ type: 'text', text }] } },
});
const runStep = (id: string) => ({
  event: 'on_run_step',
  data: { id, runId: 'resp-1', index: 0, stepIndex: 0, type: 'message_creation', stepDetails: {} },
});

function final(conversationId: string, title?: string): FinalEvent {
  return {
    final: true,
    ...(title ? { title } : {}),
    conversation: {
      conversationId,
      user: 'u1',
      title: 'New Chat',
      endpoint: 'openAI',
      model: 'm',
      isArchived: false,
      expiredAt: null,
      tags: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:01.000Z',
    },
    requestMessage: message('user-1', { isCreatedByUser: true }),
    responseMessage: message('answer-1', { text: 'Hello' }),
  };
}

/** Fakes for every port: an in-memory live map, a recording writer, manual frames and timers. */
function setup(key = 'c1', options = { wantsTitle: false, userUnsent: true }) {
  const generations = new Map<string, Generation>();
  generations.set(key, {
    key,
    userMessageId: 'temp-user',
    placeholderId: 'temp-answer',
    answer: EMPTY_ANSWER,
    stopRequested: false,
  });
  const frames = new Map<number, () => void>();
  let nextFrame = 1;
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const writer = {
    startExchange: vi.fn(),
    adoptCreated: vi.fn((_key: string, m: { conversationId: string }) => m.conversationId),
    writeFinal: vi.fn(),
    applyTitle: vi.fn(),
    applyMemoryUpdates: vi.fn(),
    writeError: vi.fn(),
    writeResumed: vi.fn(),
    refetchMessages: vi.fn(),
    addAnswerRow: vi.fn(),
    writeAddedFinal: vi.fn(),
    writeAddedError: vi.fn(),
  } satisfies ChatRunWriter;
  const registry = { moved: [] as string[], ended: [] as string[] };
  const resumed = fakeStream();
  const online = { resolve: () => undefined as void, promise: Promise.resolve() };
  online.promise = new Promise<void>((resolve) => (online.resolve = resolve));
  const deps: ChatRunDeps = {
    live: {
      get: (k) => generations.get(k),
      patch: (k, patch) => {
        const current = generations.get(k);
        if (current) generations.set(k, { ...current, ...patch });
      },
      rekey: (from, to) => {
        const current = generations.get(from);
        generations.delete(from);
        if (current) generations.set(to, { ...current, key: to });
      },
      remove: (k) => void generations.delete(k),
    },
    writer,
    abortOnServer: vi.fn(async () => ({})),
    onStopFailed: vi.fn(),
    fetchTitle: vi.fn(async () => 'Fetched title'),
    fetchMemoryUpdates: vi.fn(async (conversationId: string, messageId: string) => ({
      pending: false,
      attachments: [
        {
          type: 'memory' as const,
          memory: { type: 'update' as const, key: 'city', value: 'Paris' },
          messageId,
          conversationId,
        },
      ],
    })),
    resumeStream: vi.fn(() => resumed.stream),
    whenOnline: vi.fn(() => online.promise),
    requestFrame: (callback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    },
    cancelFrame: (handle) => void frames.delete(handle),
    setTimer: (callback, ms) => void timers.push({ callback, ms }),
    moved: (from, to) => void registry.moved.push(`${from}->${to}`),
    ended: (k) => void registry.ended.push(k),
  };
  const runFrames = () => {
    const pending = [...frames.values()];
    frames.clear();
    for (const callback of pending) callback();
  };
  const run = new ChatRun(key, options, deps);
  return { run, deps, writer, generations, frames, runFrames, timers, registry, resumed, online };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChatRun', () => {
  it('applies step events at most once per animation frame', async () => {
    const { run, generations, frames, runFrames } = setup();
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit(runStep('s0'));
    fake.emit(step('s0', 'Hel'));
    fake.emit(step('s0', 'lo'));
    expect(frames.size).toBe(1);
    expect(generations.get('c1')!.answer.content).toEqual([]);
    runFrames();
    expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'Hello' }]);
    fake.emit(step('s0', '!'));
    expect(frames.size).toBe(1);
  });

  it('shows each attachment event under the answer at once, after the steps before it, and keeps it', async () => {
    const { run, generations, runFrames } = setup();
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit(runStep('s0'));
    fake.emit(step('s0', 'Made it'));
    const file = { file_id: 'f1', filename: 'out.csv', filepath: '/api/files/f1', type: 'text/csv' };
    fake.emit({ ...file, messageId: 'a1', toolCallId: 'call_1', conversationId: 'c1' }, 'attachment');
    // No frame needed: the steps queued before it are applied with it.
    expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'Made it' }]);
    expect(generations.get('c1')!.answer.attachments).toEqual([expect.objectContaining(file)]);
    fake.emit(step('s0', '!'));
    runFrames();
    expect(generations.get('c1')!.answer.attachments).toHaveLength(1);
  });

  it('follows a new chat to the id the server gives it', async () => {
    const { run, writer, generations, registry } = setup('new');
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit({
      created: true,
      message: {
        messageId: 'user-1',
        parentMessageId: null,
        conversationId: 'c9',
        sender: 'User',
        text: 'Hi',
        isCreatedByUser: true,
      },
    });
    expect(writer.adoptCreated).toHaveBeenCalledWith(
      'new',
      expect.objectContaining({ conversationId: 'c9' }),
      expect.objectContaining({ userMessageId: 'temp-user' }),
    );
    expect(run.key).toBe('c9');
    expect(registry.moved).toEqual(['new->c9']);
    expect(generations.has('new')).toBe(false);
    expect(generations.get('c9')!.userMessageId).toBe('user-1');
  });

  it('ends with the final event: pending steps are applied first, then the saved answer is written', async () => {
    const { run, writer, generations, registry, timers } = setup('c1', {
      wantsTitle: true,
      userUnsent: true,
    });
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.emit(runStep('s0'));
    fake.emit(step('s0', 'Hi'));
    const f = final('c1');
    fake.emit(f);
    expect(writer.writeFinal).toHaveBeenCalledWith(
      'c1',
      f,
      expect.objectContaining({
        answer: expect.objectContaining({ content: [{ type: 'text', text: 'Hi' }] }),
      }),
      undefined,
    );
    expect(run.finished).toBe(true);
    expect(generations.has('c1')).toBe(false);
    expect(registry.ended).toEqual(['c1']);
    fake.close();
    await done;
    // No title yet on a new conversation: asked for 2.5 s later, then written.
    expect(timers.map((t) => t.ms)).toEqual([TITLE_DELAY_MS]);
    timers[0]!.callback();
    await settle();
    expect(writer.applyTitle).toHaveBeenCalledWith('c1', 'Fetched title');
  });

  it('takes the title from the final event when it has one', async () => {
    const { run, writer, timers } = setup('c1', { wantsTitle: true, userUnsent: false });
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit(final('c1', 'Greetings'));
    expect(writer.writeFinal).toHaveBeenCalledWith('c1', expect.anything(), expect.anything(), 'Greetings');
    expect(timers).toEqual([]);
  });

  it('shows an error event on the answer and ends', async () => {
    const { run, writer, generations } = setup();
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit(
      {
        error: true,
        final: true,
        messageId: 'answer-9',
        conversationId: 'c1',
        parentMessageId: 'u',
        text: 'Boom',
      },
      'error',
    );
    expect(writer.writeError).toHaveBeenCalledWith('c1', expect.anything(), {
      text: 'Boom',
      messageId: 'answer-9',
      refused: false,
      userUnsent: true,
    });
    expect(generations.has('c1')).toBe(false);
  });

  it('a new chat whose first answer fails takes the title the server gave it', async () => {
    const { run, deps, writer } = setup('new', { wantsTitle: true, userUnsent: true });
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit({ message: message('user-1', { isCreatedByUser: true, conversationId: 'c9' }), created: true });
    fake.emit({ error: true, final: true, conversationId: 'c9', text: 'Provider said no' }, 'error');
    await settle();
    expect(deps.fetchTitle).toHaveBeenCalledWith('c9');
    expect(writer.applyTitle).toHaveBeenCalledWith('c9', 'Fetched title');
  });

  it("asks for the memory step's changes after a final that says the step runs, and shows them", async () => {
    const { run, deps, writer } = setup();
    const fake = fakeStream();
    void run.send(fake.stream);
    fake.emit({ ...final('c1'), memoryPending: true });
    await settle();
    const answerId = final('c1').responseMessage.messageId;
    expect(deps.fetchMemoryUpdates).toHaveBeenCalledWith('c1', answerId);
    expect(writer.applyMemoryUpdates).toHaveBeenCalledWith('c1', answerId, [
      expect.objectContaining({ memory: { type: 'update', key: 'city', value: 'Paris' } }),
    ]);
  });

  it('does not ask for memory changes when the final says no step runs, and survives a failed ask', async () => {
    const quiet = setup();
    const fake = fakeStream();
    void quiet.run.send(fake.stream);
    fake.emit(final('c1'));
    await settle();
    expect(quiet.deps.fetchMemoryUpdates).not.toHaveBeenCalled();

    const failing = setup();
    vi.mocked(failing.deps.fetchMemoryUpdates).mockRejectedValueOnce(new Error('offline'));
    const second = fakeStream();
    void failing.run.send(second.stream);
    second.emit({ ...final('c1'), memoryPending: true });
    await settle();
    expect(failing.writer.applyMemoryUpdates).not.toHaveBeenCalled();
    expect(failing.generations.has('c1')).toBe(false);
  });

  it('a refused stream marks the unsent user message and the answer as local only', async () => {
    const { run, writer } = setup();
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.fail(new StreamRefused(429, 'Too many messages'));
    await done;
    expect(writer.writeError).toHaveBeenCalledWith('c1', expect.anything(), {
      text: 'Too many messages',
      messageId: undefined,
      refused: true,
      userUnsent: true,
    });
  });

  it('no connection: the connection error shows after 5.5 s unless the run ended meanwhile', async () => {
    const { run, writer, timers } = setup();
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.fail(new TypeError('fetch failed'));
    await done;
    expect(writer.writeError).not.toHaveBeenCalled();
    expect(timers.map((t) => t.ms)).toEqual([CONNECTION_ERROR_DELAY_MS]);
    timers[0]!.callback();
    expect(writer.writeError).toHaveBeenCalledWith(
      'c1',
      expect.anything(),
      expect.objectContaining({ text: CONNECTION_ERROR_TEXT }),
    );
  });

  it('a stream that closes without a final is stopped on the server and takes its final', async () => {
    const { run, deps, writer } = setup();
    const f = final('c1');
    vi.mocked(deps.abortOnServer).mockResolvedValueOnce(f);
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.close();
    await done;
    expect(deps.abortOnServer).toHaveBeenCalledWith('c1');
    expect(writer.writeFinal).toHaveBeenCalledWith('c1', f, expect.anything(), undefined);
    expect(writer.refetchMessages).not.toHaveBeenCalled();
  });

  it('a failed stop is reported and the saved messages are fetched again', async () => {
    const { run, deps, writer, generations } = setup();
    const failure = new Error('offline');
    vi.mocked(deps.abortOnServer).mockRejectedValueOnce(failure);
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.close();
    await done;
    expect(deps.onStopFailed).toHaveBeenCalledWith(failure);
    expect(writer.refetchMessages).toHaveBeenCalledWith('c1');
    expect(generations.has('c1')).toBe(false);
  });

  it('stop asks the server, then aborts the stream without showing an error', async () => {
    const { run, deps, writer } = setup();
    const fake = fakeStream();
    const done = run.send(fake.stream);
    await run.stop();
    expect(deps.abortOnServer).toHaveBeenCalledWith('c1');
    expect(fake.signal().aborted).toBe(true);
    fake.fail(new DOMException('aborted', 'AbortError'));
    await done;
    expect(writer.writeError).not.toHaveBeenCalled();
  });

  it('resume writes the request and answer rows from the first sync, then streams into them', async () => {
    const { run, writer, generations, runFrames } = setup('c1', { wantsTitle: false, userUnsent: false });
    const fake = fakeStream();
    const done = run.resume(fake.stream);
    fake.emit({
      sync: true,
      resumeState: {
        responseMessageId: 'answer-1',
        content: [{ type: 'text', text: 'So far' }],
        requestMessage: {
          messageId: 'user-1',
          parentMessageId: null,
          conversationId: 'c1',
          sender: 'User',
          text: 'Hi',
          isCreatedByUser: true,
        },
        runSteps: [],
      },
    });
    expect(writer.writeResumed).toHaveBeenCalled();
    expect(generations.get('c1')).toMatchObject({ placeholderId: 'answer-1', userMessageId: 'user-1' });
    expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'So far' }]);
    runFrames();
    fake.close();
    await done;
    // Closed without a final: the run ends and the saved messages are the truth.
    expect(writer.refetchMessages).toHaveBeenCalledWith('c1');
    expect(generations.has('c1')).toBe(false);
  });

  it('a stream that breaks after `created` is followed again through resume once online', async () => {
    const { run, deps, writer, generations, timers, resumed, online, runFrames } = setup('c1', {
      wantsTitle: false,
      userUnsent: true,
    });
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.emit({ message: message('user-1', { isCreatedByUser: true }), created: true }, 'message');
    fake.emit(runStep('s0'));
    fake.emit(step('s0', 'Half'));
    runFrames();
    fake.fail(new TypeError('network error'));
    await settle();
    // Offline: nothing is tried and no error shows; the answer waits as it is.
    expect(deps.resumeStream).not.toHaveBeenCalled();
    expect(writer.writeError).not.toHaveBeenCalled();
    expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'Half' }]);
    online.resolve();
    await settle();
    timers.shift()!.callback();
    await settle();
    expect(deps.resumeStream).toHaveBeenCalledWith('c1');
    resumed.emit({
      sync: true,
      resumeState: {
        responseMessageId: 'answer-1',
        content: [{ type: 'text', text: 'Half and more' }],
        requestMessage: { messageId: 'user-1', conversationId: 'c1', isCreatedByUser: true },
        runSteps: [],
      },
    });
    expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'Half and more' }]);
    // The answer keeps its row: the placeholder is not replaced by a second one.
    expect(writer.writeResumed).not.toHaveBeenCalled();
    resumed.emit(final('c1'));
    resumed.close();
    await done;
    expect(writer.writeFinal).toHaveBeenCalled();
    expect(writer.writeError).not.toHaveBeenCalled();
    expect(generations.has('c1')).toBe(false);
  });

  it('a request that never reached the server still shows the connection error', async () => {
    const { run, deps, timers, writer } = setup();
    const fake = fakeStream();
    const done = run.send(fake.stream);
    fake.fail(new TypeError('Failed to fetch'));
    await done;
    expect(deps.resumeStream).not.toHaveBeenCalled();
    expect(timers[0]!.ms).toBe(CONNECTION_ERROR_DELAY_MS);
    timers[0]!.callback();
    expect(writer.writeError).toHaveBeenCalledWith(
      'c1',
      expect.anything(),
      expect.objectContaining({ text: CONNECTION_ERROR_TEXT }),
    );
  });

  describe('a second answer (multi-conversation)', () => {
    const withAdded = () => {
      const fixture = setup();
      fixture.deps.live.patch('c1', {
        added: { placeholderId: 'temp-added', answer: EMPTY_ANSWER, done: false },
      });
      const fake = fakeStream();
      void fixture.run.send(fake.stream);
      const emitAdded = (data: Record<string, unknown>) => fake.emit({ added: true, ...data });
      return { ...fixture, fake, emitAdded };
    };

    it('streams marked events into the second answer, in the same frame as the first', () => {
      const { fake, emitAdded, generations, frames, runFrames } = withAdded();
      fake.emit(runStep('s0'));
      fake.emit(step('s0', 'First'));
      emitAdded(runStep('s0'));
      emitAdded(step('s0', 'Second'));
      expect(frames.size).toBe(1);
      runFrames();
      const live = generations.get('c1')!;
      expect(live.answer.content).toEqual([{ type: 'text', text: 'First' }]);
      expect(live.added!.answer.content).toEqual([{ type: 'text', text: 'Second' }]);
    });

    it('ends only when both answers have ended, in either order', () => {
      const { fake, emitAdded, writer, generations, registry } = withAdded();
      fake.emit(final('c1'));
      expect(writer.writeFinal).toHaveBeenCalledTimes(1);
      // The first answer is saved, the second still streams: the run (and Stop) stays.
      expect(generations.has('c1')).toBe(true);
      expect(registry.ended).toEqual([]);
      const second = { ...final('c1'), responseMessage: message('answer-2', { text: 'Other' }) };
      emitAdded(second as unknown as Record<string, unknown>);
      expect(writer.writeAddedFinal).toHaveBeenCalledWith(
        'c1',
        expect.objectContaining({ added: true }),
        'temp-added',
      );
      expect(generations.has('c1')).toBe(false);
      expect(registry.ended).toEqual(['c1']);
    });

    it('a failing second answer shows its error and leaves the first streaming', () => {
      const { fake, emitAdded, writer, generations, runFrames } = withAdded();
      emitAdded({ error: true, final: true, messageId: 'answer-2', text: 'Upstream broke' });
      expect(writer.writeAddedError).toHaveBeenCalledWith('c1', 'temp-added', {
        text: 'Upstream broke',
        messageId: 'answer-2',
      });
      expect(writer.writeError).not.toHaveBeenCalled();
      fake.emit(runStep('s0'));
      fake.emit(step('s0', 'still here'));
      runFrames();
      expect(generations.get('c1')!.answer.content).toEqual([{ type: 'text', text: 'still here' }]);
      fake.emit(final('c1'));
      expect(generations.has('c1')).toBe(false);
    });

    it('a refused request fails both answers', async () => {
      const { fake, writer, generations } = withAdded();
      fake.fail(new StreamRefused(403, 'You do not have permission to ask several models at once.'));
      await settle();
      expect(writer.writeError).toHaveBeenCalledTimes(1);
      expect(writer.writeAddedError).toHaveBeenCalledWith('c1', 'temp-added', {
        text: 'You do not have permission to ask several models at once.',
      });
      expect(generations.has('c1')).toBe(false);
    });

    it('stop ends both: the second answer is read back as saved', async () => {
      const { run, deps, writer, generations } = withAdded();
      deps.abortOnServer = vi.fn(async () => final('c1'));
      await run.stop();
      expect(writer.writeFinal).toHaveBeenCalledTimes(1);
      expect(writer.refetchMessages).toHaveBeenCalledWith('c1');
      expect(generations.has('c1')).toBe(false);
    });
  });
});
