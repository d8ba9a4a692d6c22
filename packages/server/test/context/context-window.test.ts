import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../chat/sse-client.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';

let f: ProviderFixture;
beforeAll(async () => {
  f = await startProviderFixture({
    env: () => ({ TITLE_CONVO: 'false' }),
    yaml: (url) => `
version: 1.2.8
endpoints:
  custom:
    - name: Small
      apiKey: sk-small
      baseURL: ${url}/v1
      models: { default: [echo] }
      maxContextTokens: 120
`,
  });
});
afterAll(() => f.stop());

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('context window', () => {
  it('drops the oldest turns once the conversation outgrows maxContextTokens; keeps instructions and the newest message', async () => {
    let parentMessageId = NO_PARENT;
    let conversationId: string | null = null;
    const texts = [1, 2, 3].map((n) => `turn-${n} ${filler(10)}`);
    for (const text of texts) {
      const events = await f.chat('Small', {
        text,
        model: 'echo',
        conversationId,
        parentMessageId,
        promptPrefix: 'SYSTEM-RULES',
      });
      const final = finalOf(events);
      conversationId = final.conversation.conversationId;
      parentMessageId = final.responseMessage.messageId;
    }
    // Each message is ~30 tokens (echo, counted with the margin): two fit in 120, three do not.
    const second = f.requests.find((r) => JSON.stringify(r.body).includes('turn-2'));
    expect(JSON.stringify(second!.body)).toContain('turn-1');
    const body = JSON.stringify(f.requestWith('turn-3').body);
    expect(body).toContain('SYSTEM-RULES');
    expect(body).toContain('turn-3');
    expect(body).not.toContain('turn-1');
    const messages = (f.requestWith('turn-3').body as { messages: { role: string }[] }).messages;
    expect(messages[0]!.role).toBe('system');
    expect(messages[1]!.role).toBe('user');
  });

  it('the conversation’s maxContextTokens wins over the endpoint’s', async () => {
    const first = finalOf(await f.chat('Small', { text: `alpha-1 ${filler(20)}`, model: 'echo' }));
    await f.chat('Small', {
      text: `alpha-2 ${filler(20)}`,
      model: 'echo',
      conversationId: first.conversation.conversationId,
      parentMessageId: first.responseMessage.messageId,
      maxContextTokens: 10_000,
    });
    expect(JSON.stringify(f.requestWith('alpha-2').body)).toContain('alpha-1');
  });
});

describe('POST /api/tokenizer', () => {
  const count = (json: unknown, token = f.user.token) =>
    f.server.api('/api/tokenizer', { method: 'POST', token, json });

  it('counts the tokens of a text, or of {text}', async () => {
    expect(await jsonOf(await count({ arg: 'hello world' }))).toEqual({ count: 2 });
    expect(await jsonOf(await count({ arg: { text: 'hello world' } }))).toEqual({ count: 2 });
    expect(await jsonOf(await count({ arg: '' }))).toEqual({ count: 0 });
  });

  it('refuses bad input and anonymous callers', async () => {
    expect((await count({})).status).toBe(400);
    expect((await count({ arg: 42 })).status).toBe(400);
    expect((await f.server.api('/api/tokenizer', { method: 'POST', json: { arg: 'x' } })).status).toBe(401);
  });
});
