import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRow, startChatFixture, waitFor, type ChatFixture } from './chat-fixture.ts';

// A first answer stopped before the model wrote any text (a tool call stopped or cancelled, a slow
// provider) has nothing to title from: the conversation is named from the question, where it
// stayed "New Chat" for good.

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({
    // The same simulator, its first token 30 s away: a stop always comes before any text.
    extraYaml: `    - name: SimLate
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models:
        default: [echo]
      headers:
        x-sim-first-token-delay-ms: '30000'
      titleConvo: true
      titleModel: title
`,
  });
});
afterAll(() => f.stop());

describe('titles without an answer', () => {
  it('a first answer stopped before any text titles the conversation from the question', async () => {
    const stream = await f.send(
      { text: 'Plan a weekend in Lisbon with trams', endpoint: 'SimLate' },
      { path: '/api/agents/chat/SimLate' },
    );
    const [created] = await stream.until(() => true);
    const conversationId: string = created!.data.message.conversationId;
    const res = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId },
    });
    expect(res.status).toBe(200);
    await stream.rest();
    const title = await waitFor(async () => {
      const row = await conversationRow(f.server.ctx.db, conversationId);
      return row && row.title !== 'New Chat' ? row.title : undefined;
    });
    expect(title.toLowerCase()).toContain('lisbon');
  });
});
