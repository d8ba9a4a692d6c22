// Amazon Bedrock Converse (`/model/{modelId}/converse-stream`, `/converse`) through
// `@aws-sdk/client-bedrock-runtime` and the AI SDK's Bedrock provider.
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { describeAiSdkBehaviours } from './ai-sdk-matrix.ts';
import { describeAiSdkToolScripts } from './ai-sdk-tool-scripts.ts';

let sim: SimServer;
let client: BedrockRuntimeClient;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 } });
  client = bedrockClient('x');
});
afterAll(() => {
  client.destroy();
  return sim.close();
});

/** The SDK's default handler speaks HTTP/2 (h2c here); `NodeHttpHandler` speaks HTTP/1.1. */
function bedrockClient(accessKeyId: string, http1 = false): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: sim.url,
    credentials: { accessKeyId, secretAccessKey: 'y' },
    maxAttempts: 1,
    ...(http1 ? { requestHandler: new NodeHttpHandler() } : {}),
  });
}

const user = (text: string): Message[] => [{ role: 'user', content: [{ text }] }];

async function converseStream(modelId: string, messages: Message[], api = client) {
  const output = await api.send(new ConverseStreamCommand({ modelId, messages }));
  const events: ConverseStreamOutput[] = [];
  for await (const event of output.stream ?? []) events.push(event);
  const deltas = events.flatMap((event) =>
    event.contentBlockDelta?.delta ? [event.contentBlockDelta.delta] : [],
  );
  return {
    events,
    text: deltas.map((delta) => delta.text ?? '').join(''),
    reasoning: deltas.map((delta) => delta.reasoningContent?.text ?? '').join(''),
    toolInput: deltas.map((delta) => delta.toolUse?.input ?? '').join(''),
    stop: events.find((event) => event.messageStop)?.messageStop?.stopReason,
    usage: events.find((event) => event.metadata)?.metadata?.usage,
  };
}

async function failure(
  promise: Promise<unknown>,
): Promise<(Error & { $metadata?: { httpStatusCode?: number } }) | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );
}

describe('@aws-sdk/client-bedrock-runtime', () => {
  it('echo for a real model id: exact text, end_turn, usage and metrics', async () => {
    const message = 'Hello Bedrock,\n\nsecond paragraph.';
    const result = await converseStream('anthropic.claude-3-5-sonnet-20240620-v1:0', user(message));
    expect(result.events[0]?.messageStart?.role).toBe('assistant');
    expect(result.text).toBe(message);
    expect(result.stop).toBe('end_turn');
    expect(result.usage).toMatchObject({
      inputTokens: countTokens(message),
      outputTokens: countTokens(message),
    });
    expect(result.events.at(-1)?.metadata?.metrics?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('speaks HTTP/1.1 too (NodeHttpHandler)', async () => {
    const http1 = bedrockClient('x', true);
    expect((await converseStream('echo', user('over http/1.1'), http1)).text).toBe('over http/1.1');
    expect((await failure(converseStream('sim.error-429', user('x'), http1)))?.name).toBe(
      'ThrottlingException',
    );
    http1.destroy();
  });

  it('maps model ids to behaviours by the name they contain', async () => {
    const thinking = await converseStream('us.sim.thinking-v1:0', user('Why?'));
    expect(thinking.reasoning).toBe(THINKING_REASONING);
    expect(thinking.text).toBe(`${THINKING_PREFIX}Why?`);
    expect(thinking.events.some((event) => event.contentBlockDelta?.delta?.reasoningContent?.signature)).toBe(
      true,
    );
    expect((await converseStream('meta.llama3-70b-instruct-v1:0', user('plain'))).text).toBe('plain');
  });

  it('tools: contentBlockStart with toolUse, JSON input, tool_use; then the toolResult is quoted', async () => {
    const call = await converseStream('mistral.tools-v1', user('Weather in Lima?'));
    const start = call.events.find((event) => event.contentBlockStart)?.contentBlockStart?.start?.toolUse;
    expect(start?.name).toBe('get_weather');
    expect(start?.toolUseId).toMatch(/^tooluse_/);
    expect(JSON.parse(call.toolInput)).toEqual({ location: 'Lima', unit: 'celsius' });
    expect(call.stop).toBe('tool_use');

    const answer = await client.send(
      new ConverseCommand({
        modelId: 'mistral.tools-v1',
        messages: [
          ...user('Weather in Lima?'),
          {
            role: 'assistant',
            content: [{ toolUse: { toolUseId: start!.toolUseId!, name: 'get_weather', input: {} } }],
          },
          {
            role: 'user',
            content: [{ toolResult: { toolUseId: start!.toolUseId!, content: [{ text: 'Foggy, 15°C' }] } }],
          },
        ],
      }),
    );
    expect(answer.output?.message?.content).toEqual([{ text: `${TOOL_ANSWER_PREFIX}Foggy, 15°C` }]);
    expect(answer.stopReason).toBe('end_turn');
  });

  it('converse with maxTokens and a cachePoint: max_tokens, cache read usage', async () => {
    const system = 'You are a careful assistant who answers in full sentences.';
    const answer = await client.send(
      new ConverseCommand({
        modelId: 'echo',
        system: [{ text: system }, { cachePoint: { type: 'default' } }],
        messages: user('one two three'),
        inferenceConfig: { maxTokens: 2 },
      }),
    );
    expect(answer.output?.message?.content).toEqual([{ text: 'one two ' }]);
    expect(answer.stopReason).toBe('max_tokens');
    expect(answer.usage).toMatchObject({
      inputTokens: countTokens('one two three'),
      cacheReadInputTokens: countTokens(system),
      outputTokens: 2,
    });
  });

  it('errors: AWS exception names and statuses (a bad key is 403)', async () => {
    const cases = [
      ['sim.error-401', 'UnrecognizedClientException', 403],
      ['sim.error-429', 'ThrottlingException', 429],
      ['sim.error-500', 'InternalServerException', 500],
    ] as const;
    for (const [modelId, name, status] of cases) {
      const error = await failure(converseStream(modelId, user('x')));
      expect(error?.name).toBe(name);
      expect(error?.$metadata?.httpStatusCode).toBe(status);
    }
    const badKey = bedrockClient('sk-invalid');
    expect((await failure(converseStream('echo', user('x'), badKey)))?.$metadata?.httpStatusCode).toBe(403);
    badKey.destroy();
    expect((await failure(converseStream('echo', [])))?.name).toBe('ValidationException');
  });

  it('disconnect: the stream throws after the first text', async () => {
    let text = '';
    const consume = async () => {
      const output = await client.send(
        new ConverseStreamCommand({ modelId: 'sim.disconnect', messages: user('x') }),
      );
      for await (const event of output.stream ?? []) text += event.contentBlockDelta?.delta?.text ?? '';
    };
    await expect(consume()).rejects.toThrow();
    expect(text).toMatch(/^This answer/);
    await vi.waitFor(() => expect(sim.stats().activeStreams).toBe(0));
  });
});

function bedrockProvider(accessKeyId: string) {
  return createAmazonBedrock({ region: 'us-east-1', baseURL: sim.url, accessKeyId, secretAccessKey: 'y' });
}

describeAiSdkBehaviours('amazon-bedrock', {
  model: (behaviour) => bedrockProvider('x')(`sim.${behaviour}-v1:0`),
  badKeyModel: () => bedrockProvider('sk-invalid')('anthropic.claude-3-5-sonnet-20240620-v1:0'),
  statuses: { unauthorized: 403 },
  // Converse reports no separate reasoning token count.
  reasoningTokens: false,
});

describeAiSdkToolScripts('amazon-bedrock', (behaviour) => bedrockProvider('x')(`sim.${behaviour}-v1:0`));
