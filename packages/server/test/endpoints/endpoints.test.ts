import { simTitle, SIM_MODELS, startSimulator, type SimServer } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODEL_INFO, DEMO_MODELS } from '../../src/services/endpoints/demo-endpoint.ts';
import { messagesOf } from '../chat/chat-fixture.ts';
import { deltaText, finalOf, jsonOf, openStream } from '../chat/sse-client.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('the Demo endpoint (no provider configured)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await createTestUser(server)).token;
  });
  afterAll(() => server.stop());

  it('is listed, clearly labelled, with the simulator models', async () => {
    expect(await jsonOf(await server.api('/api/endpoints', { token }))).toEqual({
      Demo: {
        type: 'custom',
        order: 0,
        userProvide: false,
        userProvideURL: false,
        modelDisplayLabel: 'Demo (offline simulator)',
        modelInfo: DEMO_MODEL_INFO,
        name: 'Demo',
      },
      // Agents run on the Demo's simulator models too, so the agents entry follows it.
      agents: expect.objectContaining({ name: 'agents', order: 1 }),
    });
    expect(await jsonOf(await server.api('/api/models', { token }))).toEqual({ Demo: DEMO_MODELS });
    expect(await jsonOf(await server.api('/api/endpoints/config/override', { token }))).toBe(false);
  });

  it('needs a signed-in user', async () => {
    for (const path of ['/api/endpoints', '/api/models', '/api/endpoints/config/override']) {
      expect((await server.api(path)).status).toBe(401);
    }
  });

  it('answers through the in-process simulator and titles the conversation locally', async () => {
    const text = 'Plan a trip to Lisbon in May, cheaply.';
    const events = await (
      await openStream(server, '/api/agents/chat/Demo', {
        token,
        json: { text, model: 'echo', parentMessageId: NO_PARENT, conversationId: 'new' },
      })
    ).rest();
    expect(deltaText(events)).toBe(text);
    const final = finalOf(events);
    expect(final.title).toBe(simTitle(text));
    expect(final.conversation.title).toBe(simTitle(text));
    const res = await server.api('/api/convos/gen_title', {
      method: 'POST',
      token,
      json: { conversationId: final.conversation.conversationId },
    });
    expect(await jsonOf(res)).toEqual({ title: simTitle(text) });
  });
});

describe('DEMO_ENDPOINT=false', () => {
  it('offers no endpoint at all', async () => {
    const server = await startTestServer({ env: { DEMO_ENDPOINT: 'false' } });
    try {
      const { token } = await createTestUser(server);
      expect(await jsonOf(await server.api('/api/endpoints', { token }))).toEqual({});
      expect(await jsonOf(await server.api('/api/models', { token }))).toEqual({});
    } finally {
      await server.stop();
    }
  });
});

describe('custom endpoints from parley.yaml', () => {
  let sim: SimServer;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator();
    server = await startTestServer({
      yaml: `
version: 1.2.8
endpoints:
  custom:
    - name: Fetched
      apiKey: \${SIM_KEY}
      baseURL: ${sim.url}/v1
      models: { default: [echo], fetch: true }
      iconURL: https://example.com/icon.png
      modelDisplayLabel: Simulated
    - name: Unreachable
      apiKey: sk-x
      baseURL: http://127.0.0.1:1/v1
      models:
        default:
          - fallback-a
          - { name: fallback-b, label: Fallback B, description: The second fallback }
          - { name: fallback-c, description: Described only }
          - { name: fallback-d }
        fetch: true
    - name: OwnKey
      apiKey: user_provided
      baseURL: ${sim.url}/v1
      models: { default: [echo] }
`,
      env: { SIM_KEY: 'sk-from-env' },
    });
    token = (await createTestUser(server)).token;
  });
  afterAll(async () => {
    await server.stop();
    await sim.close();
  });

  it('lists them in order, without the Demo', async () => {
    const endpoints = await jsonOf(await server.api('/api/endpoints', { token }));
    expect(Object.keys(endpoints)).toEqual(['Fetched', 'Unreachable', 'OwnKey', 'agents']);
    expect(endpoints.Fetched).toMatchObject({
      type: 'custom',
      order: 0,
      userProvide: false,
      iconURL: 'https://example.com/icon.png',
      modelDisplayLabel: 'Simulated',
    });
    expect(endpoints.OwnKey).toMatchObject({ order: 2, userProvide: true });
    // Names and descriptions from the model list, only for the models that have them.
    expect(endpoints.Unreachable.modelInfo).toEqual({
      'fallback-b': { label: 'Fallback B', description: 'The second fallback' },
      'fallback-c': { description: 'Described only' },
    });
    expect(endpoints.Fetched.modelInfo).toBeUndefined();
  });

  it('fetches model lists (the defaults when fetching fails)', async () => {
    const models = await jsonOf(await server.api('/api/models', { token }));
    expect(models.Fetched).toEqual([...SIM_MODELS]);
    expect(models.Unreachable).toEqual(['fallback-a', 'fallback-b', 'fallback-c', 'fallback-d']);
    expect(models.OwnKey).toEqual(['echo']);
  });

  it('accepts a fetched model', async () => {
    const events = await (
      await openStream(server, '/api/agents/chat/Fetched', {
        token,
        json: { text: 'fetched model', model: 'thinking', parentMessageId: NO_PARENT },
      })
    ).rest();
    expect(finalOf(events).responseMessage.text).toMatch(/fetched model$/);
  });

  it('user_provided key: the user message is saved and the stream ends with no_user_key', async () => {
    const events = await (
      await openStream(server, '/api/agents/chat/OwnKey', {
        token,
        json: { text: 'hi', model: 'echo', parentMessageId: NO_PARENT },
      })
    ).rest();
    expect(events[0]!.data.created).toBe(true);
    const error = events.at(-1)!;
    expect(error.event).toBe('error');
    expect(JSON.parse(error.data.text)).toEqual({ type: 'no_user_key' });
    const rows = await messagesOf(server.ctx.db, events[0]!.data.message.conversationId);
    expect(rows.map((r) => [r.isCreatedByUser, r.finishReason])).toEqual([
      [true, null],
      [false, 'error'],
    ]);
  });
});
