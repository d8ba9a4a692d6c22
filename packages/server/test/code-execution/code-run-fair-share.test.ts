import type { CodeRunQueueState, ToolCallResult } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import type { TestUser } from '../helpers/test-users.ts';

/**
 * One user's endless loops must not take every code-run slot. Two slots: a user holds at most one,
 * so Mallory's second and third loops wait in the queue (and the queue says where), while Alice's
 * run starts at once. On a server that only counted slots, Mallory's loops filled both and Alice
 * was refused.
 */
describe('code runs are shared fairly between users', () => {
  let chat: ChatFixture;
  let alice: TestUser;
  let mallory: TestUser;
  const target: Record<string, { conversationId: string; messageId: string }> = {};
  const LOOP_MS = 6000;

  const call = (user: TestUser, code: string, runId?: string, signal?: AbortSignal) =>
    chat.server.api('/api/agents/tools/execute_code/call', {
      method: 'POST',
      token: user.token,
      json: { ...target[user.id], partIndex: 0, blockIndex: 0, lang: 'js', code, runId },
      signal,
    });
  const queued = async (user: TestUser, runId: string) =>
    (
      (await (
        await chat.server.api(`/api/agents/tools/execute_code/queue/${runId}`, { token: user.token })
      ).json()) as CodeRunQueueState
    ).ahead;

  async function answerFor(user: TestUser) {
    const stream = await chat.send({ text: 'write some code' }, { token: user.token });
    const final = (await stream.rest()).find((e) => e.data?.final);
    target[user.id] = {
      conversationId: final!.data.conversation.conversationId as string,
      messageId: final!.data.responseMessage.messageId as string,
    };
  }

  beforeAll(async () => {
    chat = await startChatFixture({
      env: { CODE_RUN_CONCURRENCY: '2', CODE_RUN_TIMEOUT_MS: String(LOOP_MS), CODE_RUN_QUEUE_MAX: '4' },
    });
    alice = chat.alice;
    mallory = chat.bob;
    chat.server.ctx.codeRunner.warmUp('javascript');
    await answerFor(alice);
    await answerFor(mallory);
    await chat.server.ctx.codeRunner.whenWarm('javascript');
  }, 120_000);
  afterAll(() => chat.stop());

  it(
    'another user still gets a slot at once while one user waits in the queue',
    { timeout: 60_000 },
    async () => {
      const loop = 'while (true) {}';
      const loops = [call(mallory, loop, 'm1'), call(mallory, loop, 'm2')];
      const cancel = new AbortController();
      const third = call(mallory, loop, 'm3', cancel.signal).catch((error: Error) => error);
      await expect.poll(() => queued(mallory, 'm3'), { timeout: 10_000 }).toBe(1);
      expect(await queued(mallory, 'm2')).toBe(0);
      // Alice does not see Mallory's runs under their names.
      expect(await queued(alice, 'm2')).toBeNull();

      const started = Date.now();
      const res = await call(alice, 'console.log(6 * 7)');
      expect(res.status).toBe(200);
      expect(((await res.json()) as ToolCallResult).result).toContain('42');
      // Well before Mallory's first loop hits its time limit.
      expect(Date.now() - started).toBeLessThan(LOOP_MS - 1000);

      // A waiting run whose browser goes away leaves the queue.
      cancel.abort();
      await third;
      await expect.poll(() => queued(mallory, 'm3'), { timeout: 5_000 }).toBeNull();
      expect(chat.server.ctx.codeRunScheduler.load.waiting).toBe(1);

      const [first, second] = await Promise.all(loops);
      expect(first!.status).toBe(200);
      expect(second!.status).toBe(200);
      expect(((await second!.json()) as ToolCallResult).result).toMatch(/time|limit/i);
    },
  );

  it('a malformed run name is a 400', async () => {
    const res = await chat.server.api('/api/agents/tools/execute_code/queue/no%20spaces', {
      token: alice.token,
    });
    expect(res.status).toBe(400);
  });
});
