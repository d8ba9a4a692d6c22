import { simTitle } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRow, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf } from '../chat/sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({
    tokensPerSecond: 200,
    extraYaml: `
    - name: SlowTitles
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models: { default: [echo] }
      titleConvo: true
      titleModel: slow
    - name: NoTitles
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models: { default: [echo] }
`,
  });
});
afterAll(() => f.stop());

const genTitle = (conversationId: string, token = f.alice.token) =>
  f.server.api('/api/convos/gen_title', { method: 'POST', token, json: { conversationId } });

describe('titles', () => {
  it('titles a new conversation in the background with the titleModel', async () => {
    const text = 'How do I bake sourdough bread at home?';
    const final = finalOf(await (await f.send({ text })).rest());
    const { conversationId } = final.conversation;
    const res = await genTitle(conversationId);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ title: simTitle(text) });
    expect((await conversationRow(f.server.ctx.db, conversationId))!.title).toBe(simTitle(text));
    // Asking again answers the stored title.
    expect(await jsonOf(await genTitle(conversationId))).toEqual({ title: simTitle(text) });
  });

  it('gen_title waits for a title that is still being generated', async () => {
    const final = finalOf(
      await (
        await f.send({ text: 'wait for it', endpoint: 'SlowTitles' }, { path: '/api/agents/chat/SlowTitles' })
      ).rest(),
    );
    const started = Date.now();
    const res = await genTitle(final.conversation.conversationId);
    expect(res.status).toBe(200);
    const { title } = await jsonOf(res);
    expect(title).toMatch(/^Sentence 1 of the slow answer/);
    // 350 tokens at 200 per second: the answer came after a real wait.
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  it('no title without titleConvo or for a later message: 404', async () => {
    const plain = finalOf(
      await (await f.send({ text: 'untitled' }, { path: '/api/agents/chat/NoTitles' })).rest(),
    );
    expect((await genTitle(plain.conversation.conversationId)).status).toBe(404);

    expect((await genTitle('no-such-conversation')).status).toBe(404);
    expect(
      (await f.server.api('/api/convos/gen_title', { method: 'POST', token: f.alice.token, json: {} }))
        .status,
    ).toBe(400);
  });

  it("a new conversation whose first answer failed is named from the user's words", async () => {
    const text = 'Why did the provider refuse this?';
    const failed = await (await f.send({ text, model: 'error-500' })).rest();
    const conversationId = failed[0]!.data.message.conversationId;
    expect(await jsonOf(await genTitle(conversationId))).toEqual({ title: simTitle(text) });
    expect((await conversationRow(f.server.ctx.db, conversationId))!.title).toBe(simTitle(text));
  });

  it("another user's conversation: 404", async () => {
    const final = finalOf(await (await f.send({ text: 'private title' })).rest());
    expect((await genTitle(final.conversation.conversationId)).status).toBe(200);
    expect((await genTitle(final.conversation.conversationId, f.bob.token)).status).toBe(404);
  });
});
