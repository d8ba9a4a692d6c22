// Several models side by side (multi-conversation): one chat request with `addedConvo` saves one
// user message and two answers to it, streamed at the same time over one stream (the second
// answer's events marked `added`), each saved as a sibling; stop and a lost client stop both;
// a failing second answer leaves the first alone; the second answer's setup is checked like any
// request's, behind the `multiConvo` flag and MULTI_CONVO.USE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { agentClient } from '../agents/agent-client.ts';
import { conversationRow, messagesOf, startChatFixture, waitFor, type ChatFixture } from './chat-fixture.ts';
import { deltaText, jsonOf, openStream, type SseEvent } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 100 });
});
afterAll(() => f.stop());

const isAdded = (e: SseEvent) => e.data.added === true;
const first = (events: SseEvent[]) => events.filter((e) => !isAdded(e));
const second = (events: SseEvent[]) => events.filter(isAdded);
const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';
const terminal = (events: SseEvent[]) => events.find((e) => e.data.final === true)?.data;

const send = (json: Record<string, unknown>, opts: Parameters<ChatFixture['send']>[1] = {}) =>
  f.send({ text: 'hello both', ...json }, opts);

/** A request whose rows must not exist: the user's conversations are unchanged. */
async function conversationCount(token = f.alice.token): Promise<number> {
  const res = await f.server.api('/api/convos?limit=100', { token });
  return ((await jsonOf(res)).conversations as unknown[]).length;
}

describe('two answers to one message', () => {
  it('streams both at once, marks the second, and saves both as siblings', async () => {
    const stream = await send({
      model: 'slow',
      addedConvo: { endpoint: 'Sim', model: 'slow', modelLabel: 'Second opinion' },
    });
    expect(stream.response.status).toBe(200);
    const events = await stream.rest();
    expect(events.every((e) => e.event === 'message')).toBe(true);
    const created = events.find((e) => e.data.created && !isAdded(e))!.data.message;
    const mainFinal = terminal(first(events));
    const addedFinal = terminal(second(events));
    expect(mainFinal.responseMessage.text).toBe(deltaText(first(events)));
    expect(addedFinal.responseMessage.text).toBe(deltaText(second(events)));
    expect(addedFinal.responseMessage.text.length).toBeGreaterThan(0);
    // Side by side, not one after the other: the second answer streamed before the first ended.
    const firstAdded = events.findIndex((e) => isAdded(e) && isDelta(e));
    const mainEnd = events.findIndex((e) => !isAdded(e) && e.data.final);
    expect(firstAdded).toBeGreaterThan(-1);
    expect(firstAdded).toBeLessThan(mainEnd);

    const rows = await messagesOf(f.server.ctx.db, created.conversationId);
    expect(rows).toHaveLength(3);
    const [user, ...answers] = [
      rows.find((r) => r.isCreatedByUser)!,
      ...rows.filter((r) => !r.isCreatedByUser),
    ];
    expect(answers.map((a) => a.parentMessageId)).toEqual([user.messageId, user.messageId]);
    expect(answers.map((a) => a.messageId).sort()).toEqual(
      [mainFinal.responseMessage.messageId, addedFinal.responseMessage.messageId].sort(),
    );
    const addedRow = answers.find((a) => a.messageId === addedFinal.responseMessage.messageId)!;
    expect(addedRow).toMatchObject({ sender: 'Second opinion', model: 'slow', finishReason: 'stop' });
    expect(addedFinal.requestMessage.messageId).toBe(user.messageId);
    // The second answer names the first, for clients that lay them side by side.
    expect(addedFinal.responseMessage.pairedAnswerId).toBe(mainFinal.responseMessage.messageId);
    expect(mainFinal.responseMessage.pairedAnswerId).toBeUndefined();
  });

  it('keeps the conversation set up for the first answer, and the next message goes on normally', async () => {
    const stream = await send({ model: 'echo', addedConvo: { endpoint: 'Sim', model: 'slow' } });
    const events = await stream.rest();
    const mainFinal = terminal(first(events));
    const { conversationId } = mainFinal.conversation;
    expect((await conversationRow(f.server.ctx.db, conversationId))!.model).toBe('echo');
    const next = await send({
      text: 'and again',
      conversationId,
      parentMessageId: mainFinal.responseMessage.messageId,
      model: 'echo',
    });
    const nextEvents = await next.rest();
    expect(second(nextEvents)).toHaveLength(0);
    expect(terminal(nextEvents).responseMessage.text).toContain('and again');
  });

  it('a second answer that fails leaves the first one answered', async () => {
    const stream = await send({ model: 'echo', addedConvo: { endpoint: 'Sim', model: 'error-500' } });
    const events = await stream.rest();
    const mainFinal = terminal(first(events));
    expect(mainFinal.error).toBeUndefined();
    expect(mainFinal.responseMessage.text).toContain('hello both');
    const failed = terminal(second(events));
    expect(failed).toMatchObject({ error: true, final: true });
    const rows = await messagesOf(f.server.ctx.db, mainFinal.conversation.conversationId);
    expect(
      rows
        .filter((r) => !r.isCreatedByUser)
        .map((r) => r.error)
        .sort(),
    ).toEqual([false, true]);
  });

  it('the first answer failing leaves the second one answered', async () => {
    const stream = await send({ model: 'error-500', addedConvo: { endpoint: 'Sim', model: 'echo' } });
    const events = await stream.rest();
    expect(terminal(first(events))).toMatchObject({ error: true });
    const addedFinal = terminal(second(events));
    expect(addedFinal.error).toBeUndefined();
    expect(addedFinal.responseMessage.text).toContain('hello both');
  });
});

describe('stopping and resuming both answers', () => {
  const startBoth = async (resumable: boolean) => {
    const stream = await send(
      { model: 'slow', addedConvo: { endpoint: 'Sim', model: 'slow' } },
      { resumable },
    );
    const events: SseEvent[] = [];
    // Both answers have begun.
    while (!(first(events).some(isDelta) && second(events).some(isDelta))) {
      events.push(...(await stream.until(isDelta)));
    }
    const conversationId: string = events.find((e) => e.data.created)!.data.message.conversationId;
    return { stream, events, conversationId };
  };

  it('stop stops both, each saved unfinished with what it had', async () => {
    const { stream, conversationId } = await startBoth(false);
    const res = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId },
    });
    expect(res.status).toBe(200);
    const rest = await stream.rest();
    expect(terminal(first(rest)).responseMessage.unfinished).toBe(false);
    expect(terminal(second(rest)).responseMessage.unfinished).toBe(false);
    const answers = (await messagesOf(f.server.ctx.db, conversationId)).filter((r) => !r.isCreatedByUser);
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer).toMatchObject({ unfinished: false, finishReason: 'incomplete' });
      expect(answer.text.length).toBeGreaterThan(0);
    }
  });

  it('a client that goes away stops both (not resumable)', async () => {
    const { stream, conversationId } = await startBoth(false);
    stream.close();
    const answers = await waitFor(async () => {
      const rows = (await messagesOf(f.server.ctx.db, conversationId)).filter((r) => !r.isCreatedByUser);
      return rows.length === 2 ? rows : undefined;
    });
    // Stopped by its user (closing the stream): incomplete and marked stopped, not unfinished.
    for (const answer of answers) {
      expect(answer).toMatchObject({ unfinished: false, finishReason: 'incomplete' });
      expect(answer.metadata).toMatchObject({ stopped: true });
    }
  });

  it('a resumable pair goes on without its client and a resume follows both to their ends', async () => {
    const { stream, conversationId } = await startBoth(true);
    stream.close();
    const active = await jsonOf(await f.server.api('/api/agents/chat/active', { token: f.alice.token }));
    expect(active.activeJobIds).toContain(conversationId);
    const resumed = await openStream(f.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: f.alice.token,
    });
    const events = await resumed.rest();
    expect(first(events)[0]!.data.sync).toBe(true);
    expect(second(events)[0]!.data.sync).toBe(true);
    expect(terminal(first(events)).responseMessage.unfinished).toBe(false);
    expect(terminal(second(events)).responseMessage.unfinished).toBe(false);
    // Another user cannot resume or stop the pair.
    const foreign = await f.server.api(`/api/agents/chat/stream/${conversationId}`, { token: f.bob.token });
    expect(foreign.status).toBe(404);
  });

  it('the second answer has a lane of its own: a next message waits for neither by mistake', async () => {
    const { stream, events, conversationId } = await startBoth(false);
    const userMessageId = events.find((e) => e.data.created)!.data.message.messageId;
    // While the pair runs the conversation is busy, as with one answer.
    const busy = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.alice.token,
      json: { text: 'again', conversationId, parentMessageId: userMessageId, model: 'echo' },
    });
    expect(busy.status).toBe(429);
    await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId },
    });
    await stream.rest();
  });
});

describe('bad input', () => {
  it("refuses another user's private agent as the second answer, saving nothing", async () => {
    const agent = await agentClient(f.server).create(f.bob, { provider: 'Sim', model: 'echo' });
    const before = await conversationCount();
    const res = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.alice.token,
      json: {
        text: 'hi',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
        endpoint: 'Sim',
        model: 'echo',
        addedConvo: { endpoint: 'agents', agent_id: agent.id },
      },
    });
    expect(res.status).toBe(404);
    expect(await conversationCount()).toBe(before);
  });

  it.each([
    ['an unknown endpoint', { endpoint: 'Nowhere', model: 'echo' }, 400],
    ['a model the endpoint does not offer', { endpoint: 'Sim', model: 'not-offered' }, 400],
    ['no endpoint', { model: 'echo' }, 400],
    ['a number for a setup', 42, 400],
    ['a temperature out of range', { endpoint: 'Sim', model: 'echo', temperature: 99 }, 400],
  ])('refuses %s as the second answer, saving nothing', async (_label, addedConvo, status) => {
    const before = await conversationCount();
    const res = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.alice.token,
      json: {
        text: 'hi',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
        endpoint: 'Sim',
        model: 'echo',
        addedConvo,
      },
    });
    expect(res.status, await res.clone().text()).toBe(status);
    expect(await conversationCount()).toBe(before);
  });

  it('refuses a second answer to a Continue', async () => {
    const events = await (await send({ model: 'echo' })).rest();
    const done = terminal(events);
    const res = await f.server.api('/api/agents/chat/Sim/modify', {
      method: 'POST',
      token: f.alice.token,
      json: {
        text: '',
        conversationId: done.conversation.conversationId,
        parentMessageId: done.requestMessage.messageId,
        responseMessageId: done.responseMessage.messageId,
        isContinued: true,
        model: 'echo',
        endpoint: 'Sim',
        addedConvo: { endpoint: 'Sim', model: 'echo' },
      },
    });
    expect(res.status).toBe(400);
  });

  it('answers 403 when the role lacks MULTI_CONVO.USE, and 403 with the flag off', async () => {
    const body = {
      text: 'hi',
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: null,
      endpoint: 'Sim',
      model: 'echo',
      addedConvo: { endpoint: 'Sim', model: 'echo' },
    };
    const before = await conversationCount();
    await updateRolePermissions(f.server.ctx.db, 'USER', 'MULTI_CONVO', { USE: false });
    try {
      const denied = await f.server.api('/api/agents/chat/Sim', {
        method: 'POST',
        token: f.alice.token,
        json: body,
      });
      expect(denied.status).toBe(403);
      expect((await jsonOf(denied)).message).toMatch(/permission/);
    } finally {
      await updateRolePermissions(f.server.ctx.db, 'USER', 'MULTI_CONVO', { USE: true });
    }
    const offServer = await startChatFixture({ extraYaml: 'interface:\n  multiConvo: false\n' });
    try {
      const off = await offServer.server.api('/api/agents/chat/Sim', {
        method: 'POST',
        token: offServer.alice.token,
        json: body,
      });
      expect(off.status).toBe(403);
      expect((await jsonOf(off)).message).toMatch(/turned off/);
    } finally {
      await offServer.stop();
    }
    expect(await conversationCount()).toBe(before);
    // It starts a second server, which takes long on a loaded machine.
  }, 120_000);
});
