import { MAX_CHAT_TEXT_LENGTH } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, messagesOf, type ChatFixture, conversationRow } from './chat-fixture.ts';
import { deltaText, finalOf, jsonOf } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 2000 });
});
afterAll(() => f.stop());

describe('POST /api/agents/chat/{endpoint}', () => {
  it('streams the echo answer: created, run step, deltas, final; both messages saved', async () => {
    const text = 'Hello there, dear simulator! How are you?';
    const stream = await f.send({ text });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    const events = await stream.rest();

    const created = events[0]!.data;
    expect(created.created).toBe(true);
    expect(created.message).toMatchObject({ text, isCreatedByUser: true, sender: 'User' });
    const { conversationId, messageId: userId } = created.message;
    expect(events[1]!.data).toMatchObject({
      event: 'on_run_step',
      data: { id: 'step_1', index: 0, stepIndex: 0, type: 'message_creation' },
    });
    const final = finalOf(events);
    const runId = events[1]!.data.data.runId;
    expect(events.slice(2, -1).every((e) => e.data.event === 'on_message_delta')).toBe(true);
    expect(deltaText(events)).toBe(text);
    expect(events.at(-1)!.data).toBe(final);
    expect(final.requestMessage).toMatchObject({ messageId: userId, conversationId, text });
    expect(final.responseMessage).toMatchObject({
      messageId: runId,
      parentMessageId: userId,
      conversationId,
      text,
      content: [{ type: 'text', text }],
      finish_reason: 'stop',
      unfinished: false,
      error: false,
      isCreatedByUser: false,
      endpoint: 'Sim',
      model: 'echo',
    });
    expect(final.conversation).toMatchObject({ conversationId, endpoint: 'Sim', model: 'echo' });

    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows.map((r) => [r.messageId, r.parentMessageId, r.text, r.finishReason])).toEqual([
      [userId, '00000000-0000-0000-0000-000000000000', text, null],
      [runId, userId, text, 'stop'],
    ]);
  });

  it('continues an existing conversation and sends only the branch upstream', async () => {
    const first = finalOf(await (await f.send({ text: 'first question' })).rest());
    const { conversationId } = first.conversation;
    const second = finalOf(
      await (
        await f.send({
          text: 'second question',
          conversationId,
          parentMessageId: first.responseMessage.messageId,
        })
      ).rest(),
    );
    expect(second.requestMessage.parentMessageId).toBe(first.responseMessage.messageId);
    expect(second.responseMessage.text).toBe('second question');
    expect(await messagesOf(f.server.ctx.db, conversationId)).toHaveLength(4);
  });

  it('thinking: a think part, then the text part', async () => {
    const events = await (await f.send({ text: 'ponder', model: 'thinking' })).rest();
    expect(events.some((e) => e.data.event === 'on_reasoning_delta')).toBe(true);
    const final = finalOf(events);
    expect(final.responseMessage.content.map((p: { type: string }) => p.type)).toEqual(['think', 'text']);
    expect(final.responseMessage.content[0].think).toMatch(/^Let me think/);
    // How long the reasoning took, for "Thought for N s".
    expect(final.responseMessage.content[0].thinkingMs).toEqual(expect.any(Number));
    expect(final.responseMessage.content[0].thinkingMs).toBeGreaterThanOrEqual(0);
    expect(final.responseMessage.text).toMatch(/ponder$/);
  });

  it('tools: a tool step with the streamed arguments; finish_reason tool_calls', async () => {
    const events = await (await f.send({ text: 'What is the weather in Berlin?', model: 'tools' })).rest();
    const step = events.find((e) => e.data.event === 'on_run_step')!.data.data;
    expect(step.type).toBe('tool_calls');
    expect(step.stepDetails.tool_calls[0]).toMatchObject({ name: 'get_weather', type: 'tool_call' });
    const final = finalOf(events);
    expect(final.responseMessage.finish_reason).toBe('tool_calls');
    const call = final.responseMessage.content[0].tool_call;
    expect(JSON.parse(call.args)).toEqual({ location: 'Berlin', unit: 'celsius' });
  });

  it.each([
    // A provider's own refusal travels as provider_error with its status, for the client to word.
    ['error-500', /^\{"type":"provider_error","status":500,"message":/],
    ['error-429', /^\{"type":"provider_error","status":429,"message":/],
    // OpenAI's refusal of the key keeps its code, which the client words.
    ['error-401', /^\{"code":"invalid_api_key","message":"Incorrect API key provided/],
  ])('%s: an error event; the user message and the failed answer are saved', async (model, pattern) => {
    const events = await (await f.send({ text: 'please fail', model })).rest();
    expect(events[0]!.data.created).toBe(true);
    const error = events.at(-1)!;
    expect(error.event).toBe('error');
    expect(error.data).toMatchObject({ error: true, final: true });
    expect(error.data.text).toMatch(pattern);
    const rows = await messagesOf(f.server.ctx.db, events[0]!.data.message.conversationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ messageId: error.data.messageId, error: true, finishReason: 'error' });
  });

  it('disconnect mid-stream: the partial answer is saved unfinished with finish_reason incomplete', async () => {
    const events = await (await f.send({ text: 'x', model: 'disconnect' })).rest();
    const final = finalOf(events);
    expect(final.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    expect(final.responseMessage.text).toMatch(/^This answer/);
    // Lost upstream, not stopped by its user.
    expect(final.responseMessage).not.toHaveProperty('stopped');
    const rows = await messagesOf(f.server.ctx.db, final.conversation.conversationId);
    expect(rows[1]).toMatchObject({
      unfinished: true,
      finishReason: 'incomplete',
      text: final.responseMessage.text,
    });
  });

  it('temporary chats get expiredAt = now + retention', async () => {
    const final = finalOf(await (await f.send({ text: 'temp', isTemporary: true })).rest());
    const expiredAt = Date.parse(final.conversation.expiredAt);
    const expected = Date.now() + f.server.ctx.config.interface.temporaryChatRetention * 3_600_000;
    expect(Math.abs(expiredAt - expected)).toBeLessThan(60_000);
    const row = await conversationRow(f.server.ctx.db, final.conversation.conversationId);
    expect(row!.expiredAt).not.toBeNull();
  });

  it('refuses bad requests with 400 and saves nothing', async () => {
    const post = (json: Record<string, unknown>, path = '/api/agents/chat/Sim') =>
      f.server.api(path, { method: 'POST', token: f.alice.token, json: { model: 'echo', ...json } });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{}, '/api/agents/chat/Sim', /text/],
      [{ text: '' }, '/api/agents/chat/Sim', /Chat text is required/],
      [{ text: 'x'.repeat(MAX_CHAT_TEXT_LENGTH + 1) }, '/api/agents/chat/Sim', /at most 100000 characters/],
      [{ text: 'hi', temperature: 5 }, '/api/agents/chat/Sim', /temperature/],
      [{ text: 'hi', stop: ['a', 'b', 'c', 'd', 'e'] }, '/api/agents/chat/Sim', /stop/],
      [{ text: 'hi' }, '/api/agents/chat/Nope', /Unknown endpoint/],
      [{ text: 'hi', parentMessageId: 'not-a-message' }, '/api/agents/chat/Sim', /parent/],
    ];
    for (const [json, path, message] of cases) {
      const res = await post(json, path);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await jsonOf(res)).message).toMatch(message);
    }
    const illegal = await post({ text: 'hi', model: 'gpt-nope' });
    expect(illegal.status).toBe(400);
    expect(await jsonOf(illegal)).toMatchObject({ type: 'illegal_model_request' });
    const unauthenticated = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      json: { text: 'hi' },
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('string numbers are accepted and a blank string unsets a parameter', async () => {
    const final = finalOf(await (await f.send({ text: 'num', temperature: '0.5', top_p: '' })).rest());
    expect(final.conversation.temperature).toBe(0.5);
    expect(final.conversation.top_p).toBeUndefined();
  });

  it("another user's conversation is refused with 404 and left unchanged", async () => {
    const final = finalOf(await (await f.send({ text: 'mine' })).rest());
    const { conversationId } = final.conversation;
    const res = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.bob.token,
      json: {
        text: 'intrude',
        conversationId,
        parentMessageId: final.responseMessage.messageId,
        model: 'echo',
      },
    });
    expect(res.status).toBe(404);
    expect(await messagesOf(f.server.ctx.db, conversationId)).toHaveLength(2);
  });
});
