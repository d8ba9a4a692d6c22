import { simTitle, SIM_MODELS } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParleyYaml } from '../../src/config/load-config.ts';
import { jsonOf } from '../chat/sse-client.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from './provider-fixture.ts';
import { providerEnv, providerYaml } from './provider-env.ts';

describe('endpoints from the environment and parley.yaml', () => {
  let f: ProviderFixture;
  beforeAll(async () => {
    f = await startProviderFixture({ env: providerEnv, yaml: providerYaml });
  });
  afterAll(() => f.stop());
  const get = async (path: string) => jsonOf(await f.server.api(path, { token: f.user.token }));

  it('lists every configured kind in menu order, without the Demo', async () => {
    const endpoints = await get('/api/endpoints');
    expect(Object.keys(endpoints)).toEqual([
      'openAI',
      'azureOpenAI',
      'google',
      'anthropic',
      'bedrock',
      'Groq',
      // Listed after the providers while the agents interface is on.
      'agents',
    ]);
    expect(endpoints.openAI).toEqual({
      type: 'openAI',
      order: 0,
      userProvide: false,
      userProvideURL: false,
      name: 'openAI',
    });
    expect(endpoints.bedrock).toMatchObject({
      type: 'bedrock',
      order: 4,
      availableRegions: ['us-east-1', 'eu-west-1'],
    });
    expect(endpoints.Groq).toMatchObject({
      type: 'custom',
      order: 5,
      iconURL: 'https://example.com/groq.png',
      modelDisplayLabel: 'Groq Cloud',
    });
  });

  it('lists the models: *_MODELS, Azure group models, fetched custom models', async () => {
    const models = await get('/api/models');
    expect(models.openAI[0]).toBe('gpt-4o-mini');
    expect(models.azureOpenAI).toEqual(['gpt-4o', 'thinking', 'slow', 'error-500']);
    expect(models.anthropic[0]).toBe('claude-3-5-sonnet/echo');
    expect(models.Groq).toEqual([...SIM_MODELS]);
  });

  it('titles with the custom endpoint’s titleModel', async () => {
    const text = 'Plan a weekend in Porto with kids';
    const final = finalOf(await f.chat('Groq', { text, model: 'echo' }));
    const res = await f.server.api('/api/convos/gen_title', {
      method: 'POST',
      token: f.user.token,
      json: { conversationId: final.conversation.conversationId },
    });
    expect(await jsonOf(res)).toEqual({ title: simTitle(text) });
  });

  it('refuses a model the endpoint does not offer', async () => {
    const res = await f.server.api('/api/agents/chat/openAI', {
      method: 'POST',
      token: f.user.token,
      json: { text: 'x', model: 'gpt-unknown' },
    });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toMatchObject({ type: 'illegal_model_request' });
  });
});

describe('defaults and ENDPOINTS', () => {
  it('offers the built-in default models when no list is configured', async () => {
    const server = await startTestServer({
      env: {
        OPENAI_API_KEY: 'sk',
        ANTHROPIC_API_KEY: 'sk',
        GOOGLE_KEY: 'g',
        BEDROCK_AWS_DEFAULT_REGION: 'us-west-2',
      },
    });
    try {
      const { token } = await createTestUser(server);
      const models = await jsonOf(await server.api('/api/models', { token }));
      expect(models.openAI[0]).toBe('gpt-4o-mini');
      expect(models.google[0]).toBe('gemini-1.5-flash-latest');
      expect(models.anthropic[0]).toBe('claude-3-5-sonnet-latest');
      expect(models.bedrock.some((m: string) => m.startsWith('meta.'))).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('ENDPOINTS picks and orders the endpoints; user_provided keys are flagged', async () => {
    const server = await startTestServer({
      env: {
        ENDPOINTS: 'anthropic,openAI',
        OPENAI_API_KEY: 'user_provided',
        ANTHROPIC_API_KEY: 'sk',
        GOOGLE_KEY: 'g',
      },
    });
    try {
      const { token } = await createTestUser(server);
      const endpoints = await jsonOf(await server.api('/api/endpoints', { token }));
      expect(Object.keys(endpoints)).toEqual(['anthropic', 'openAI']);
      expect(endpoints.openAI).toMatchObject({ order: 1, userProvide: true });
    } finally {
      await server.stop();
    }
  });

  it('ENDPOINTS that names agents lists them after the providers it picks', async () => {
    const server = await startTestServer({ env: { ENDPOINTS: 'agents,anthropic', ANTHROPIC_API_KEY: 'sk' } });
    try {
      const { token } = await createTestUser(server);
      const endpoints = await jsonOf(await server.api('/api/endpoints', { token }));
      expect(Object.keys(endpoints)).toEqual(['anthropic', 'agents']);
    } finally {
      await server.stop();
    }
  });
});

describe('parley.yaml provider sections are validated strictly', () => {
  const problems = (yaml: string) => {
    try {
      parseParleyYaml(yaml, {});
      return [];
    } catch (error) {
      return (error as { problems: string[] }).problems;
    }
  };

  it('accepts the librechat.yaml keys of each built-in section', () => {
    expect(
      problems(`
endpoints:
  openAI: { apiKey: sk, baseURL: https://proxy/v1, models: { default: [gpt-4o], fetch: true }, titleConvo: true, titleModel: gpt-4o-mini, streamRate: 25, dropParams: [user] }
  anthropic: { titleConvo: true, titleModel: claude-3-5-haiku-latest, streamRate: 20 }
  google: { titleConvo: false }
  bedrock: { availableRegions: [us-east-1], titleModel: anthropic.claude-3-haiku-20240307-v1:0 }
  azureOpenAI:
    titleConvo: true
    groups:
      - group: east
        apiKey: k
        instanceName: my-east
        version: 2024-08-01-preview
        models: { gpt-4o: true, gpt-4o-mini: { deploymentName: mini, version: 2024-10-21 } }
      - group: serverless
        apiKey: k
        serverless: true
        baseURL: https://mistral.example/v1
        models: { mistral-large: true }
`),
    ).toEqual([]);
  });

  it('lists every bad key with its path', () => {
    expect(problems('endpoints:\n  openAI: { apiKey: sk, colour: blue }')).toEqual([
      'endpoints.openAI.colour: unknown key',
    ]);
    expect(problems('endpoints:\n  anthropic: { titleConvo: maybe }')).toEqual([
      expect.stringMatching(/^endpoints\.anthropic\.titleConvo: /),
    ]);
    expect(
      problems(`
endpoints:
  azureOpenAI:
    groups:
      - { group: a, apiKey: k, models: { gpt-4o: true } }
      - { group: b, apiKey: k, instanceName: b, models: { gpt-4o: true } }
`),
    ).toEqual([
      'endpoints.azureOpenAI.groups.0.instanceName: needs instanceName or baseURL',
      'endpoints.azureOpenAI.groups.1.models.gpt-4o: model "gpt-4o" is already in group "a"',
    ]);
  });
});
