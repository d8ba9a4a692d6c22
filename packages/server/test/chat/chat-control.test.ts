import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, waitFor, type ChatFixture } from './chat-fixture.ts';
import { deltaText, finalOf, openStream, type OpenStream, type SseEvent, jsonOf } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 100 });
});
afterAll(() => f.stop());

/** The simulator's `slow` answer: 50 numbered sentences. */
const slowAnswer = () =>
  Array.from({ length: 50 }, (_, i) => `Sentence ${i + 1} of the slow answer.`).join(' ');

const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';

/** Starts a slow answer and reads until `deltas` text deltas have arrived. */
async function startSlow(
  deltas = 5,
): Promise<{ stream: OpenStream; events: SseEvent[]; conversationId: string }> {
  const stream = await f.send({ text: 'tell me a long story', model: 'slow' });
  const events: SseEvent[] = [];
  while (events.filter(isDelta).length < deltas) events.push(...(await stream.until(isDelta)));
  return { stream, events, conversationId: events[0]!.data.message.conversationId };
}

const abort = (json: unknown, token = f.alice.token) =>
  f.server.api('/api/agents/chat/abort', { method: 'POST', token, json });

describe('stop, resume, active', () => {
  it('stop: the partial answer is saved unfinished and the open stream receives final', async () => {
    const { stream, conversationId } = await startSlow();
    const res = await abort({ conversationId });
    expect(res.status).toBe(200);
    const stopped = await jsonOf(res);
    expect(stopped.final).toBe(true);
    expect(stopped.responseMessage).toMatchObject({
      unfinished: false,
      finish_reason: 'incomplete',
      error: false,
      // Told apart from an answer the server cut short: the app shows it as stopped.
      stopped: true,
    });
    const partial: string = stopped.responseMessage.text;
    expect(partial.length).toBeGreaterThan(0);
    expect(slowAnswer().startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(slowAnswer().length);

    const rest = await stream.rest();
    expect(finalOf(rest).responseMessage.text).toBe(partial);
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ text: partial, unfinished: false, finishReason: 'incomplete' });
    expect(rows[1]!.metadata).toMatchObject({ stopped: true });
    // The conversation's message list says so too.
    const listed = await jsonOf(
      await f.server.api(`/api/messages/${conversationId}`, { token: f.alice.token }),
    );
    expect(listed[1]).toMatchObject({ messageId: stopped.responseMessage.messageId, stopped: true });
    // Nothing runs any more.
    expect((await abort({ conversationId })).status).toBe(204);
  });

  it('stop accepts the abortKey form', async () => {
    const { stream, conversationId } = await startSlow(2);
    const res = await abort({ abortKey: `${conversationId}:whatever`, endpoint: 'Sim' });
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).responseMessage.finish_reason).toBe('incomplete');
    await stream.rest();
  });

  it('a second POST while generating is refused with 429 concurrent and changes nothing', async () => {
    const { stream, events, conversationId } = await startSlow(2);
    const userMessageId = events[0]!.data.message.messageId;
    const res = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.alice.token,
      json: { text: 'again', conversationId, parentMessageId: userMessageId, model: 'echo' },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await jsonOf(res)).toMatchObject({ type: 'concurrent', limit: 1 });
    expect(await messagesOf(f.server.ctx.db, conversationId)).toHaveLength(1);
    await abort({ conversationId });
    await stream.rest();
  });

  it('with the resumable opt-in, closing the connection does not stop the generation: the whole answer is saved', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const stream = await f.send({ text }, { resumable: true });
    const events = await stream.until(isDelta);
    const conversationId = events[0]!.data.message.conversationId;
    stream.close();
    const saved = await waitFor(async () => {
      const rows = await messagesOf(f.server.ctx.db, conversationId);
      return rows[1]?.finishReason ? rows[1] : undefined;
    });
    expect(saved).toMatchObject({ text, finishReason: 'stop', unfinished: false });
  });

  it('without the opt-in, closing the connection stops the generation exactly like the stop call', async () => {
    const violations = () => f.server.ctx.bus.get(`violations:user:${f.alice.id}`);
    const violationsBefore = await violations();
    const { stream, events, conversationId } = await startSlow(5);
    const seen = deltaText(events);
    stream.close();
    // The next message, sent at once, is accepted: it waits for the stop instead of a 429.
    const next = await f.send({
      text: 'next question',
      conversationId,
      parentMessageId: events[0]!.data.message.messageId,
    });
    expect(next.response.status).toBe(200);
    const after = finalOf(await next.rest());
    expect(after.responseMessage.text).toBe('next question');

    const rows = await messagesOf(f.server.ctx.db, conversationId);
    const stopped = rows.find(
      (r) => !r.isCreatedByUser && r.parentMessageId === events[0]!.data.message.messageId,
    );
    expect(stopped).toMatchObject({ unfinished: false, finishReason: 'incomplete', error: false });
    // A LibreChat client stops by closing its stream: its user stopped the answer.
    expect(stopped!.metadata).toMatchObject({ stopped: true });
    expect(stopped!.text.startsWith(seen)).toBe(true);
    expect(slowAnswer().startsWith(stopped!.text)).toBe(true);
    expect(stopped!.text.length).toBeLessThan(slowAnswer().length);
    // Stopping by leaving is no violation.
    expect(await violations()).toBe(violationsBefore);
    expect((await abort({ conversationId })).status).toBe(204);
  });

  it('without the opt-in, a generation goes on while a resumed stream follows it and stops when the last leaves', async () => {
    const { stream, conversationId } = await startSlow(3);
    const resumed = await openStream(f.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: f.alice.token,
    });
    expect((await resumed.next())!.data.sync).toBe(true);
    stream.close();
    // The resumed stream keeps receiving the answer.
    const more = await resumed.until(isDelta);
    expect(more.some(isDelta)).toBe(true);
    await resumed.until(isDelta);
    resumed.close();
    const saved = await waitFor(async () => {
      const rows = await messagesOf(f.server.ctx.db, conversationId);
      return rows[1]?.finishReason ? rows[1] : undefined;
    });
    expect(saved).toMatchObject({ unfinished: false, finishReason: 'incomplete' });
    expect(saved.text.length).toBeLessThan(slowAnswer().length);
  });

  it('resume: the content so far exactly once, then the rest, then final', async () => {
    const { stream, conversationId } = await startSlow(10);
    const resumed = await openStream(f.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: f.alice.token,
    });
    expect(resumed.response.status).toBe(200);
    const sync = (await resumed.next())!.data;
    expect(sync.sync).toBe(true);
    expect(sync.resumeState.requestMessage.text).toBe('tell me a long story');
    const soFar: string = sync.resumeState.content[0].text;
    expect(soFar.length).toBeGreaterThan(0);
    const rest = await resumed.rest();
    const final = finalOf(rest);
    expect(soFar + deltaText(rest)).toBe(slowAnswer());
    expect(final.responseMessage.text).toBe(slowAnswer());
    expect(sync.resumeState.responseMessageId).toBe(final.responseMessage.messageId);
    // The re-attached client labels the answer as the saved one is labelled.
    expect(sync.resumeState.sender).toEqual(expect.stringMatching(/./));
    expect(sync.resumeState.sender).toBe(final.responseMessage.sender);
    expect(sync.resumeState.model).toBe(final.responseMessage.model);
    expect(sync.resumeState.endpoint).toBe(final.responseMessage.endpoint);
    // The first connection got everything as well.
    expect(deltaText(await stream.rest()).length).toBeGreaterThan(0);

    // A finished job answers its final at once.
    const again = await (
      await openStream(f.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
        token: f.alice.token,
      })
    ).rest();
    expect(again).toHaveLength(1);
    expect(again[0]!.data.responseMessage.text).toBe(slowAnswer());
  }, 30_000);

  it('active lists the running conversations of the caller only', async () => {
    const { stream, conversationId } = await startSlow(2);
    const active = async (token: string) =>
      (await jsonOf(await f.server.api('/api/agents/chat/active', { token }))).activeJobIds as string[];
    expect(await active(f.alice.token)).toContain(conversationId);
    expect(await active(f.bob.token)).not.toContain(conversationId);
    await abort({ conversationId });
    await stream.rest();
    expect(await active(f.alice.token)).not.toContain(conversationId);
  });

  it("another user's conversation: stop, resume and title are 404 and the generation goes on", async () => {
    const { stream, conversationId } = await startSlow(2);
    expect((await abort({ conversationId }, f.bob.token)).status).toBe(404);
    const resume = await f.server.api(`/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: f.bob.token,
    });
    expect(resume.status).toBe(404);
    const title = await f.server.api('/api/convos/gen_title', {
      method: 'POST',
      token: f.bob.token,
      json: { conversationId },
    });
    expect(title.status).toBe(404);
    expect((await abort({ conversationId: 'no-such-conversation' })).status).toBe(404);
    expect((await abort({ conversationId })).status).toBe(200);
    await stream.rest();
  });
});
