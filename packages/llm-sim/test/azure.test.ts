// Azure OpenAI: deployment paths (`/openai/deployments/{name}/chat/completions?api-version=…`, key in
// `api-key`) and the v1 paths (`/openai/v1/responses`, `/openai/v1/chat/completions`), through
// `openai`'s AzureOpenAI and `@ai-sdk/azure`.
import { createAzure } from '@ai-sdk/azure';
import { APIError, AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { startSimulator, type SimServer } from '../src/index.ts';
import { collectAiSdk } from './ai-sdk-collect.ts';
import { describeAiSdkBehaviours } from './ai-sdk-matrix.ts';
import { collectOpenAI, user } from './openai-collect.ts';

const API_VERSION = '2024-10-21';

let sim: SimServer;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 } });
});
afterAll(() => sim.close());

function azureClient(options: { apiKey?: string; deployment?: string } = {}): AzureOpenAI {
  return new AzureOpenAI({
    endpoint: sim.url,
    apiKey: options.apiKey ?? 'x',
    apiVersion: API_VERSION,
    maxRetries: 0,
    ...(options.deployment ? { deployment: options.deployment } : {}),
  });
}

describe('openai AzureOpenAI', () => {
  it('chat completions on a deployment path: the deployment picks the behaviour', async () => {
    const result = await collectOpenAI(azureClient({ deployment: 'thinking' }), {
      model: 'ignored-by-azure',
      messages: user('Azure?'),
    });
    expect(result.reasoning).toBe(THINKING_REASONING);
    expect(result.text).toBe(`${THINKING_PREFIX}Azure?`);
    expect(result.finishReason).toBe('stop');
    // Without a fixed deployment the client puts the body's model in the path.
    expect((await collectOpenAI(azureClient(), { model: 'echo', messages: user('deployed') })).text).toBe(
      'deployed',
    );
  });

  it('the Responses API under /openai', async () => {
    const response = await azureClient().responses.create({ model: 'echo', input: 'via responses' });
    expect(response.output_text).toBe('via responses');
  });

  it('errors: the api-key sk-invalid and error deployments', async () => {
    const fail = (client: AzureOpenAI, model = 'echo') =>
      collectOpenAI(client, { model, messages: user('x') }).then(
        () => undefined,
        (error: unknown) => {
          expect(error).toBeInstanceOf(APIError);
          return error as APIError;
        },
      );
    expect((await fail(azureClient({ apiKey: 'sk-invalid' })))?.status).toBe(401);
    expect((await fail(azureClient(), 'error-429'))?.status).toBe(429);
    expect((await fail(azureClient(), 'no-such-deployment'))?.status).toBe(404);
  });

  it('raw deployment URL: api-version query and api-key header', async () => {
    const answer = await fetch(
      `${sim.url}/openai/deployments/echo/chat/completions?api-version=${API_VERSION}`,
      {
        method: 'POST',
        headers: { 'api-key': 'x', 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'raw' }] }),
      },
    );
    const body = (await answer.json()) as { model: string; choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toBe('raw');
    expect(body.model).toBe('echo');
  });
});

describe('@ai-sdk/azure', () => {
  it('chat with deployment-based URLs', async () => {
    const azure = createAzure({ baseURL: `${sim.url}/openai`, apiKey: 'x', useDeploymentBasedUrls: true });
    const result = await collectAiSdk({ model: azure.chat('echo'), prompt: 'deployment chat' });
    expect(result.errors).toEqual([]);
    expect(result.text).toBe('deployment chat');
  });

  it('chat on the v1 path', async () => {
    const azure = createAzure({ baseURL: `${sim.url}/openai/v1`, apiKey: 'x' });
    const result = await collectAiSdk({ model: azure.chat('echo'), prompt: 'v1 chat' });
    expect(result.text).toBe('v1 chat');
  });
});

// `azure(deployment)` speaks the Responses API on `${baseURL}/responses`.
describeAiSdkBehaviours('azure (Responses API on /openai/v1)', {
  model: (behaviour) => createAzure({ baseURL: `${sim.url}/openai/v1`, apiKey: 'x' })(behaviour),
  badKeyModel: () => createAzure({ baseURL: `${sim.url}/openai/v1`, apiKey: 'sk-invalid' })('echo'),
});
