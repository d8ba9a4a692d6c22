// The OpenAI-compatible API driven by the official `openai` npm package, as a script or an editor
// plugin would: the model list, plain and streamed completions (usage included), the client's own
// tools passed through, an agent running its tools on the server, pictures, parameters, errors.
// A key reaches only what its owner may use: never another person's private agent, not even
// through a model spec that points at it.
import type { ReceivedRequest } from '@parley/llm-sim';
import { seededPng } from '@parley/llm-sim';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agents } from '../../src/db/schema/index.ts';
import type { Tool } from '../../src/services/tools/tool.ts';
import { agentClient } from '../agents/agent-client.ts';
import { SIM_ENDPOINT, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { createApiKey } from './api-key-client.ts';

/** A private agent of Alice's that a model spec names (its id is fixed so parley.yaml can). */
const SPEC_AGENT_ID = 'agent_spec_target_of_alice_000';

const EXTRA_YAML = `
    - name: Other
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models:
        default: [vision, echo-system, tools-named]
modelSpecs:
  enforce: false
  prioritize: false
  list:
    - name: brief
      label: Brief
      preset: { endpoint: Other, model: echo-system, promptPrefix: 'Answer briefly.' }
    - name: alices-agent
      label: Alice's agent
      preset: { endpoint: agents, agent_id: ${SPEC_AGENT_ID} }
`;

const weatherRuns: string[] = [];
const weather: Tool = {
  name: 'get_weather',
  description: 'Current weather for a place',
  input: z.object({ location: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
  authConfig: [],
  run: async ({ location }: { location: string }) => {
    weatherRuns.push(location);
    return { location, sky: 'sunny' };
  },
};

let f: ChatFixture;
let alice: OpenAI;
let bob: OpenAI;
let aliceAgentId: string;
let bobPrivateAgentId: string;
const simRequests: ReceivedRequest[] = [];

beforeAll(async () => {
  f = await startChatFixture({ extraYaml: EXTRA_YAML, onSimRequest: (r) => void simRequests.push(r) });
  f.server.ctx.tools.add(weather);
  const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${f.server.url}/v1`, maxRetries: 0 });
  alice = client((await createApiKey(f.server, f.alice)).key);
  bob = client((await createApiKey(f.server, f.bob)).key);
  const agentsApi = agentClient(f.server);
  const aliceAgent = await agentsApi.create(f.alice, {
    name: 'Weather helper',
    provider: SIM_ENDPOINT,
    model: 'tools',
    tools: ['get_weather'],
    instructions: 'You report the weather.',
  });
  aliceAgentId = aliceAgent.id;
  const [row] = await f.server.ctx.db.select().from(agents).where(eq(agents.id, aliceAgent.id));
  await f.server.ctx.db.insert(agents).values({ ...row!, id: SPEC_AGENT_ID });
  bobPrivateAgentId = (
    await agentsApi.create(f.bob, { name: 'Bob only', provider: SIM_ENDPOINT, model: 'echo' })
  ).id;
});
afterAll(() => f.stop());

const lastSimBody = () => simRequests.at(-1)!.body as Record<string, unknown>;

describe('the OpenAI-compatible API with the openai package', () => {
  it('lists every model, agent and spec the key owner may use, and nothing of anyone else', async () => {
    const ids: string[] = [];
    for await (const model of alice.models.list()) ids.push(model.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'Sim/echo',
        'Sim/tools',
        'Other/vision',
        `agents/${aliceAgentId}`,
        'spec/brief',
      ]),
    );
    expect(ids).not.toContain(`agents/${bobPrivateAgentId}`);
    const bobIds: string[] = [];
    for await (const model of bob.models.list()) bobIds.push(model.id);
    expect(bobIds).toContain(`agents/${bobPrivateAgentId}`);
    expect(bobIds).not.toContain(`agents/${aliceAgentId}`);
    expect((await alice.models.retrieve('Sim/echo')).id).toBe('Sim/echo');
  });

  it('answers a plain completion with usage', async () => {
    const answer = await alice.chat.completions.create({
      model: 'Sim/echo',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Hello from a script' },
      ],
      temperature: 0.3,
      max_tokens: 200,
    });
    expect(answer.object).toBe('chat.completion');
    expect(answer.model).toBe('Sim/echo');
    expect(answer.choices[0]!.message.content).toBe('Hello from a script');
    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(answer.usage!.completion_tokens).toBeGreaterThan(0);
    expect(answer.usage!.total_tokens).toBe(answer.usage!.prompt_tokens + answer.usage!.completion_tokens);
    const sent = lastSimBody();
    expect(sent.temperature).toBe(0.3);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(200);
  });

  it('streams in chunks ending with usage when asked', async () => {
    const stream = await alice.chat.completions.create({
      model: 'Sim/echo',
      messages: [{ role: 'user', content: 'one two three four five six' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let deltas = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      const choice = chunk.choices[0];
      if (choice?.delta.content) {
        text += choice.delta.content;
        deltas++;
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('one two three four five six');
    expect(deltas).toBeGreaterThan(1);
    expect(finish).toBe('stop');
    expect(usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('passes the client tools and tool choice through and returns the model calls', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: {
            type: 'object',
            properties: { location: { type: 'string' }, unit: { type: 'string' } },
          },
        },
      },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Oslo?' }];
    const first = await alice.chat.completions.create({
      model: 'Sim/tools',
      messages,
      tools,
      tool_choice: 'required',
    });
    expect(lastSimBody().tool_choice).toBe('required');
    expect((lastSimBody().tools as unknown[]).length).toBe(1);
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const call = choice.message.tool_calls![0]! as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toMatchObject({ location: 'Oslo' });
    expect(weatherRuns).toEqual([]);

    // Streamed, the same call arrives in pieces the client puts together.
    const stream = await alice.chat.completions.create({ model: 'Sim/tools', messages, tools, stream: true });
    let args = '';
    let name = '';
    for await (const chunk of stream) {
      for (const piece of chunk.choices[0]?.delta.tool_calls ?? []) {
        name ||= piece.function?.name ?? '';
        args += piece.function?.arguments ?? '';
      }
    }
    expect(name).toBe('get_weather');
    expect(JSON.parse(args)).toMatchObject({ location: 'Oslo' });

    // The client runs the tool and sends the result back; the model answers with it.
    const second = await alice.chat.completions.create({
      model: 'Sim/tools',
      tools,
      messages: [
        ...messages,
        choice.message,
        { role: 'tool', tool_call_id: call.id, content: '{"sky":"rainy"}' },
      ],
    });
    expect(second.choices[0]!.message.content).toContain('rainy');
  });

  it("runs an agent's tools on the server and streams its answer", async () => {
    const stream = await alice.chat.completions.create({
      model: `agents/${aliceAgentId}`,
      messages: [{ role: 'user', content: 'Weather in Lisbon?' }],
      stream: true,
    });
    let text = '';
    let toolCalls = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      toolCalls += chunk.choices[0]?.delta.tool_calls?.length ?? 0;
    }
    expect(weatherRuns).toContain('Lisbon');
    expect(text).toContain('sunny');
    expect(toolCalls).toBe(0);
    const sent = simRequests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(sent.messages[0])).toContain('You report the weather.');
  });

  it('applies a model spec preset, and sends pictures to a model that sees', async () => {
    const brief = await alice.chat.completions.create({
      model: 'spec/brief',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(brief.choices[0]!.message.content).toBe('Answer briefly.');
    const png = seededPng('api', 12, 8);
    const seen = await alice.chat.completions.create({
      model: 'Other/vision',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
          ],
        },
      ],
    });
    expect(seen.choices[0]!.message.content).toContain('12x8');
  });

  it("does not let a key reach another person's private agent, directly or through a spec", async () => {
    await expect(
      bob.chat.completions.create({
        model: `agents/${aliceAgentId}`,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(
      bob.chat.completions.create({
        model: 'spec/alices-agent',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const own = await alice.chat.completions.create({
      model: 'spec/alices-agent',
      messages: [{ role: 'user', content: 'Weather in Rome?' }],
    });
    expect(own.choices[0]!.message.content).toContain('sunny');
  });

  it('raises the typed errors of the openai package', async () => {
    const stranger = new OpenAI({
      apiKey: 'pk-parley-0000000000000000_' + 'A'.repeat(43),
      baseURL: `${f.server.url}/v1`,
      maxRetries: 0,
    });
    await expect(stranger.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const missing = alice.chat.completions.create({
      model: 'Sim/nope',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(missing).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(missing).rejects.toMatchObject({ code: 'model_not_found', param: 'model' });
    const badParam = alice.chat.completions.create({
      model: 'Sim/echo',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 7,
    });
    await expect(badParam).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    const upstream = alice.chat.completions.create({
      model: 'Sim/error-429',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(upstream).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    const streamedFailure = alice.chat.completions.create({
      model: 'Sim/error-500',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    await expect(streamedFailure).rejects.toBeInstanceOf(OpenAI.APIError);
  });
});
