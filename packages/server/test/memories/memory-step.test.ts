import type { ReceivedRequest } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf } from '../chat/sse-client.ts';
import { startTestServer } from '../helpers/test-server.ts';

/** The memory model's requests among what the simulator received. */
const memoryRequests = (received: ReceivedRequest[], model: string) =>
  received.filter((r) => (r.body as { model?: string })?.model === model);

/** The text the memory model was sent, every message joined. */
function promptText(request: ReceivedRequest): string {
  const messages = (request.body as { messages?: { content: unknown }[] }).messages ?? [];
  return messages
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

/** Sends one message in a new conversation (or after `parent`) and reads its final event. */
async function exchange(chat: ChatFixture, text: string, opts: { token?: string; extra?: object } = {}) {
  const events = await (await chat.send({ text, ...opts.extra }, { token: opts.token })).rest();
  const final = finalOf(events);
  expect(final, `a final event for "${text.slice(0, 40)}"`).toBeDefined();
  return final as {
    memoryPending?: true;
    conversation: { conversationId: string };
    responseMessage: { messageId: string };
  };
}

const memoryPath = (final: Awaited<ReturnType<typeof exchange>>) =>
  `/api/messages/${final.conversation.conversationId}/${final.responseMessage.messageId}/memory`;

describe('the memory step after each exchange', () => {
  let chat: ChatFixture;
  const received: ReceivedRequest[] = [];
  let warn: ReturnType<typeof vi.spyOn>;

  const updatesOf = async (final: Awaited<ReturnType<typeof exchange>>, token = chat.alice.token) => {
    const res = await chat.server.api(memoryPath(final), { token });
    expect(res.status).toBe(200);
    return jsonOf(res);
  };
  const memoriesOf = async (token: string) =>
    (await jsonOf(await chat.server.api('/api/memories', { token }))).memories as {
      key: string;
      value: string;
    }[];
  const warned = (message: string) =>
    warn.mock.calls.filter((call: unknown[]) => call[1] === message).map((call: unknown[]) => call[0]);

  beforeAll(async () => {
    chat = await startChatFixture({
      onSimRequest: (r) => received.push(r),
      extraYaml: `
memory:
  tokenLimit: 40
  messageWindowSize: 2
  agent:
    provider: Sim
    model: memory
    model_parameters: { temperature: 0 }
`,
    });
    warn = vi.spyOn(chat.server.ctx.logger, 'warn');
  }, 180_000);
  afterAll(() => chat.stop());

  it('sets a memory the conversation asks for, saves the change on the answer and shows it after a reload', async () => {
    const final = await exchange(chat, 'Please remember that my city is Paris.');
    expect(final.memoryPending).toBe(true);
    const answer = await updatesOf(final);
    expect(answer).toEqual({
      pending: false,
      attachments: [
        {
          type: 'memory',
          memory: { type: 'update', key: 'city', value: 'Paris' },
          messageId: final.responseMessage.messageId,
          conversationId: final.conversation.conversationId,
        },
      ],
    });
    expect(await memoriesOf(chat.alice.token)).toEqual([
      expect.objectContaining({ key: 'city', value: 'Paris' }),
    ]);
    // A reload reads the messages: the answer carries what the step did.
    const messages = await jsonOf(
      await chat.server.api(`/api/messages/${final.conversation.conversationId}`, {
        token: chat.alice.token,
      }),
    );
    const saved = messages.find(
      (m: { messageId: string }) => m.messageId === final.responseMessage.messageId,
    );
    expect(saved.attachments).toEqual(answer.attachments);
  });

  it('deletes a memory when asked to forget, and says nothing when the memory would not change', async () => {
    const again = await exchange(chat, 'remember my city is Paris');
    expect((await updatesOf(again)).attachments).toEqual([]);
    const final = await exchange(chat, 'Now forget my city.');
    const { attachments } = await updatesOf(final);
    expect(attachments.map((a: { memory: unknown }) => a.memory)).toEqual([{ type: 'delete', key: 'city' }]);
    expect(await memoriesOf(chat.alice.token)).toEqual([]);
  });

  it('shows the model the last messageWindowSize messages and the memories now', async () => {
    await chat.server.api('/api/memories', {
      method: 'POST',
      token: chat.bob.token,
      json: { key: 'pet', value: 'a cat called Tom' },
    });
    const first = await exchange(chat, 'The first message of this chat', { token: chat.bob.token });
    await updatesOf(first, chat.bob.token);
    received.length = 0;
    const second = await exchange(chat, 'The second message', {
      token: chat.bob.token,
      extra: {
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      },
    });
    await updatesOf(second, chat.bob.token);
    const [request] = memoryRequests(received, 'memory');
    expect(request).toBeDefined();
    const prompt = promptText(request!);
    // A window of 2: the new question and its answer, not the first exchange.
    expect(prompt).toContain('User: The second message');
    expect(prompt).toContain('Assistant: The second message');
    expect(prompt).not.toContain('The first message of this chat');
    expect(prompt).toContain('- pet: a cat called Tom');
    expect(prompt).toMatch(/at most \d+ more tokens/);
    expect((request!.body as { temperature?: number }).temperature).toBe(0);
  });

  it('refuses and logs keys past the limits and reserved keys; never saves them', async () => {
    warn.mockClear();
    const long = 'k'.repeat(101);
    const final = await exchange(chat, `remember my ${long} is too long a key\nremember my preferences is x`);
    expect((await updatesOf(final)).attachments).toEqual([]);
    expect(await memoriesOf(chat.alice.token)).toEqual([]);
    const refused = warned('memory step: an update was refused');
    expect(refused).toEqual([
      expect.objectContaining({ key: long, reason: expect.stringMatching(/too long/) }),
      expect.objectContaining({ key: 'preferences', reason: expect.stringMatching(/reserved/) }),
    ]);
  });

  it('refuses an update over the token budget: logged, never saved, shown as the notice error', async () => {
    warn.mockClear();
    const final = await exchange(
      chat,
      `remember my biography is ${'I grew up by the sea and learnt to sail before I could read. '.repeat(3)}`,
    );
    const [attachment] = (await updatesOf(final)).attachments;
    expect(attachment.memory).toMatchObject({ type: 'error', key: 'biography' });
    expect(JSON.parse(attachment.memory.value)).toEqual({
      errorType: 'would_exceed',
      tokenCount: expect.any(Number),
    });
    expect(JSON.parse(attachment.memory.value).tokenCount).toBeGreaterThan(40);
    expect(await memoriesOf(chat.alice.token)).toEqual([]);
    expect(warned('memory step: the token limit refused an update')).toHaveLength(1);
  });

  it('does not run for a user who turned personalization off, a role without MEMORIES.USE or a temporary chat', async () => {
    const { server, alice } = chat;
    const runsFor = async (text: string, extra: object = {}) => {
      received.length = 0;
      const final = await exchange(chat, text, { extra });
      expect(final.memoryPending).toBeUndefined();
      expect((await updatesOf(final)).attachments).toEqual([]);
      return memoryRequests(received, 'memory').length;
    };
    await server.api('/api/memories/preferences', {
      method: 'PATCH',
      token: alice.token,
      json: { memories: false },
    });
    try {
      expect(await runsFor('remember my drink is tea')).toBe(0);
    } finally {
      await server.api('/api/memories/preferences', {
        method: 'PATCH',
        token: alice.token,
        json: { memories: true },
      });
    }
    await updateRolePermissions(server.ctx.db, 'USER', 'MEMORIES', { USE: false });
    try {
      expect(await runsFor('remember my drink is coffee')).toBe(0);
    } finally {
      await updateRolePermissions(server.ctx.db, 'USER', 'MEMORIES', { USE: true });
    }
    expect(await runsFor('remember my drink is water', { isTemporary: true })).toBe(0);
    expect(await memoriesOf(alice.token)).toEqual([]);
  });

  it('does not run after an answer that failed', async () => {
    received.length = 0;
    const events = await (await chat.send({ text: 'remember my mood is grim', model: 'error-500' })).rest();
    expect(events.at(-1)?.event).toBe('error');
    expect(memoryRequests(received, 'memory')).toHaveLength(0);
  });

  it('answers the updates call only for the caller’s own answers, and checks its path', async () => {
    const final = await exchange(chat, 'hello');
    const { server, bob, alice } = chat;
    expect((await server.api(memoryPath(final), { token: bob.token })).status).toBe(404);
    expect((await server.api(memoryPath(final))).status).toBe(401);
    const { conversationId } = final.conversation;
    // The request message is not an answer.
    const messages = await jsonOf(
      await server.api(`/api/messages/${conversationId}`, { token: alice.token }),
    );
    const question = messages.find((m: { isCreatedByUser: boolean }) => m.isCreatedByUser);
    expect(
      (
        await server.api(`/api/messages/${conversationId}/${question.messageId}/memory`, {
          token: alice.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.api(`/api/messages/${conversationId}/no-such-message/memory`, { token: alice.token }))
        .status,
    ).toBe(404);
    expect(
      (await server.api(`/api/messages/${conversationId}/${'x'.repeat(500)}/memory`, { token: alice.token }))
        .status,
    ).toBe(400);
    expect(
      (await server.api(`/api/messages/${conversationId}/%00%27/memory`, { token: alice.token })).status,
    ).toBe(400);
  });
});

// Each test here starts a server of its own: a loaded machine needs time for that.
describe('a slow or misbehaving memory model', { timeout: 180_000 }, () => {
  it('never holds the answer back: the final event comes first and the updates call waits for the step', async () => {
    const chat = await startChatFixture({
      extraYaml: 'memory:\n  agent: { provider: Sim, model: memory-slow }\n',
    });
    try {
      const final = await exchange(chat, 'remember my colour is green');
      expect(final.memoryPending).toBe(true);
      // memory-slow thinks for 2 s: the answer was complete (and sent) before the step changed anything.
      const before = await jsonOf(await chat.server.api('/api/memories', { token: chat.alice.token }));
      expect(before.memories).toEqual([]);
      const res = await chat.server.api(memoryPath(final), { token: chat.alice.token });
      const body = await jsonOf(res);
      expect(body.pending).toBe(false);
      expect(body.attachments.map((a: { memory: unknown }) => a.memory)).toEqual([
        { type: 'update', key: 'colour', value: 'green' },
      ]);
    } finally {
      await chat.stop();
    }
  });

  it("marks the newest answer memoryPending in the conversation's messages while its step runs, then not", async () => {
    const chat = await startChatFixture({
      extraYaml: 'memory:\n  agent: { provider: Sim, model: memory-slow }\n',
    });
    try {
      const final = await exchange(chat, 'remember my colour is green');
      const listPath = `/api/messages/${final.conversation.conversationId}`;
      const list = async () =>
        (await jsonOf(await chat.server.api(listPath, { token: chat.alice.token }))) as {
          messageId: string;
          memoryPending?: true;
          attachments?: unknown[];
        }[];
      // memory-slow thinks for 2 s: a page loaded now learns that the notice is still to come.
      const during = await list();
      expect(during.find((m) => m.messageId === final.responseMessage.messageId)?.memoryPending).toBe(true);
      expect(during.filter((m) => m.memoryPending !== undefined)).toHaveLength(1);
      // Another user reading the same path learns nothing about it.
      expect((await chat.server.api(listPath, { token: chat.bob.token })).status).toBe(404);
      const body = await jsonOf(await chat.server.api(memoryPath(final), { token: chat.alice.token }));
      expect(body.pending).toBe(false);
      const after = await list();
      expect(after.every((m) => m.memoryPending === undefined)).toBe(true);
      expect(after.find((m) => m.messageId === final.responseMessage.messageId)?.attachments).toHaveLength(1);
    } finally {
      await chat.stop();
    }
  });

  it('logs an answer that is not the JSON asked for and changes nothing', async () => {
    const chat = await startChatFixture({
      extraYaml: 'memory:\n  agent: { provider: Sim, model: memory-malformed }\n',
    });
    const warn = vi.spyOn(chat.server.ctx.logger, 'warn');
    try {
      const final = await exchange(chat, 'remember my colour is green');
      expect(final.memoryPending).toBe(true);
      const body = await jsonOf(await chat.server.api(memoryPath(final), { token: chat.alice.token }));
      expect(body).toEqual({ pending: false, attachments: [] });
      const memories = await jsonOf(await chat.server.api('/api/memories', { token: chat.alice.token }));
      expect(memories.memories).toEqual([]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'answer is not JSON', model: 'memory-malformed' }),
        "memory step: the model's answer was refused",
      );
    } finally {
      await chat.stop();
    }
  });

  it('refuses to start when memory.agent.provider names no endpoint', async () => {
    await expect(
      startTestServer({
        yaml: `version: 1.2.8
endpoints:
  custom:
    - { name: Sim, apiKey: k, baseURL: 'http://127.0.0.1:9/v1', models: { default: [memory] } }
memory:
  agent: { provider: Nowhere, model: memory }
`,
      }),
    ).rejects.toThrow(/memory\.agent\.provider: no endpoint named "Nowhere" \(endpoints: Sim\)/);
  });
});
