// The tool loop through the agents endpoint, against the simulator's scripted tool-calling models
// on every protocol with tools: a chain of three dependent steps, parallel calls, and every way a
// call can go wrong (bad arguments, an unknown tool, a tool that throws, a time-out, missing
// credentials, the step limit, a stop mid-tool). Each ends with a saved answer, never a 500.
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool } from '../../src/services/tools/tool.ts';
import { MODEL_OUTPUT_LIMIT } from '../../src/services/tools/tool-output.ts';
import { recursionLimitMessage } from '../../src/services/tools/tool-loop.ts';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { messagesOf } from '../chat/chat-fixture.ts';
import { openStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentClient } from './agent-client.ts';
import { stopChat } from '../helpers/stop-chat.ts';

const TOOL_MODELS = [
  'tools',
  'tools-chain',
  'tools-parallel',
  'tools-bad-args',
  'tools-unknown',
  'tools-timeout',
];

/** Each protocol with tools, and the model name that selects a simulator behaviour over it. */
const PROTOCOLS = [
  { label: 'OpenAI Chat Completions', provider: 'openAI', model: (b: string) => b },
  {
    label: 'OpenAI Responses',
    provider: 'openAI',
    model: (b: string) => b,
    parameters: { useResponsesApi: true },
  },
  { label: 'Anthropic Messages', provider: 'anthropic', model: (b: string) => `claude/${b}` },
  { label: 'Gemini', provider: 'google', model: (b: string) => b },
  { label: 'Bedrock Converse', provider: 'bedrock', model: (b: string) => `anthropic.${b}-v1:0` },
];

/** Resolves once `count` weather calls are running at the same time: sequential calls would stall. */
let weatherBarrier = { count: 0, started: 0, release: () => {}, all: Promise.resolve() };
const expectConcurrent = (count: number) => {
  let release = () => {};
  const all = new Promise<void>((resolve) => (release = resolve));
  weatherBarrier = { count, started: 0, release, all };
};

const weather: Tool = {
  name: 'get_weather',
  description: 'Current weather for a place',
  input: z.object({ location: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
  authConfig: [],
  timeoutMs: 5_000,
  run: async ({ location }: { location: string }) => {
    if (location === 'Atlantis') throw new Error('Atlantis has no weather station');
    if (location === 'Bigtown') return 'cloud '.repeat(10_000);
    if (++weatherBarrier.started === weatherBarrier.count) weatherBarrier.release();
    if (weatherBarrier.count > 0) await weatherBarrier.all;
    return { location, sky: 'sunny' };
  },
};

const lookup: Tool = {
  name: 'lookup',
  description: 'Looks something up',
  input: z.object({ step: z.number().int(), query: z.string() }),
  authConfig: [{ authField: 'LOOKUP_KEY', label: 'Lookup key', description: 'Your key' }],
  run: async ({ step, query }: { step: number; query: string }, context) =>
    `step ${step} (${context.credentials.LOOKUP_KEY}): ${query.slice(0, 40)}`,
};

/** Waits for its signal; tells the test when it started and when its signal fired. */
const slowCalls: { aborted: boolean }[] = [];
const slow: Tool = {
  name: 'slow_lookup',
  description: 'Looks something up, slowly',
  input: z.object({ query: z.string() }),
  authConfig: [],
  timeoutMs: 1_500,
  run: (_input, { signal }) =>
    new Promise((_resolve, reject) => {
      const call = { aborted: false };
      slowCalls.push(call);
      signal.addEventListener('abort', () => {
        call.aborted = true;
        reject(new Error('aborted'));
      });
      slowRelease();
    }),
};
let slowRelease = () => {};
const nextSlowCall = () => new Promise<void>((resolve) => (slowRelease = resolve));

let f: ProviderFixture;
let user: TestUser;
const agents = () => agentClient(f.server);

beforeAll(async () => {
  f = await startProviderFixture({
    env: (url) => ({
      ...providerEnv(url),
      OPENAI_MODELS: TOOL_MODELS.join(','),
      ANTHROPIC_MODELS: TOOL_MODELS.map((b) => `claude/${b}`).join(','),
      GOOGLE_MODELS: TOOL_MODELS.join(','),
      BEDROCK_AWS_MODELS: TOOL_MODELS.map((b) => `anthropic.${b}-v1:0`).join(','),
    }),
    yaml: providerYaml,
  });
  user = f.user;
  for (const tool of [weather, lookup, slow]) f.server.ctx.tools.add(tool);
  const saved = await f.server.api('/api/user/plugins', {
    method: 'POST',
    token: user.token,
    json: { pluginKey: 'lookup', action: 'install', auth: { LOOKUP_KEY: 'k1' } },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => f.stop());

async function createAgent(owner: TestUser, fields: Record<string, unknown>) {
  return agents().create(owner, { tools: ['get_weather', 'lookup', 'slow_lookup'], ...fields });
}

const chatAgent = async (owner: TestUser, agentId: string, text: string) =>
  openStream(f.server, '/api/agents/chat/agents', {
    token: owner.token,
    json: { text, parentMessageId: NO_PARENT, conversationId: null, endpoint: 'agents', agent_id: agentId },
  });

const toolParts = (content: ContentPart[]) =>
  content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call as Record<string, unknown>);
const finalMessage = (events: SseEvent[]) => events.at(-1)!.data;
const stepsNamed = (events: SseEvent[], name: string) => events.filter((e) => e.data.event === name);

describe.each(PROTOCOLS)('the tool loop over $label', (protocol) => {
  const agentFor = (behaviour: string) =>
    createAgent(user, {
      provider: protocol.provider,
      model: protocol.model(behaviour),
      model_parameters: protocol.parameters ?? {},
    });

  it('runs a chain of three dependent steps, feeding each result back, and saves every step', async () => {
    const agent = await agentFor('tools-chain');
    const events = await (await chatAgent(user, agent.id, `chain over ${protocol.label}`)).rest();
    const final = finalMessage(events);
    expect(final.final, JSON.stringify(final)).toBe(true);
    expect(final.error).toBeUndefined();
    const response = final.responseMessage;
    const calls = toolParts(response.content);
    expect(calls.map((c) => c.output)).toEqual([
      `step 1 (k1): ${`chain over ${protocol.label}`.slice(0, 40)}`,
      expect.stringMatching(/^step 2 \(k1\): step 1 \(k1\)/),
      expect.stringMatching(/^step 3 \(k1\): step 2 \(k1\)/),
    ]);
    expect(calls.every((c) => c.progress === 1 && c.name === 'lookup')).toBe(true);
    // The model's last answer quotes the three results in order.
    expect(response.text).toMatch(/^The tool returned: step 1 .*\nstep 2 .*\nstep 3 /);
    expect(response.endpoint).toBe('agents');
    expect(response.sender).toBe('Helper');
    expect(response.finish_reason).toBe('stop');
    expect(stepsNamed(events, 'on_run_step_completed')).toHaveLength(3);
    // The saved answer is the one streamed; the conversation belongs to the agent.
    const [, saved] = await messagesOf(f.server.ctx.db, final.conversation.conversationId);
    expect(saved!.content).toEqual(response.content);
    expect(final.conversation).toMatchObject({ endpoint: 'agents', agent_id: agent.id });
  });

  it('runs the calls of one answer at the same time and answers with every result', async () => {
    const agent = await agentFor('tools-parallel');
    expectConcurrent(3);
    const events = await (await chatAgent(user, agent.id, 'Weather in Oslo, Rome and Lima?')).rest();
    const response = finalMessage(events).responseMessage;
    const outputs = toolParts(response.content).map((c) => JSON.parse(c.output as string).location);
    expect(outputs).toEqual(['Oslo', 'Rome', 'Lima']);
    expect(response.text.split('\n')).toHaveLength(3);
    expectConcurrent(0);
  });
});

describe('calls that go wrong (OpenAI)', () => {
  let agentFor: (behaviour: string, fields?: Record<string, unknown>) => Promise<{ id: string }>;
  beforeAll(() => {
    agentFor = (behaviour, fields = {}) => createAgent(user, { model: behaviour, ...fields });
  });

  const lastCall = async (behaviour: string, text: string) => {
    const agent = await agentFor(behaviour);
    const events = await (await chatAgent(user, agent.id, text)).rest();
    const response = finalMessage(events).responseMessage;
    return { call: toolParts(response.content)[0]!, response };
  };

  it('answers bad arguments, an unknown tool and a throwing tool with an error the model reads', async () => {
    const bad = await lastCall('tools-bad-args', 'bad arguments please');
    expect(bad.call.output).toMatch(
      /^Error processing tool get_weather: its arguments do not match its schema \(location: /,
    );
    expect(bad.response.text).toContain('Error processing tool get_weather');
    const unknown = await lastCall('tools-unknown', 'unknown tool please');
    expect(unknown.call).toMatchObject({ name: 'no_such_tool', progress: 1 });
    expect(unknown.call.output).toBe(
      'Error processing tool no_such_tool: there is no tool named "no_such_tool" in this run',
    );
    const thrown = await lastCall('tools', 'Weather in Atlantis?');
    expect(thrown.call.output).toBe('Error processing tool get_weather: Atlantis has no weather station');
    expect(thrown.response.finish_reason).toBe('stop');
  });

  it('stops a tool at its time limit (its signal fires) and reports the time-out', async () => {
    const started = nextSlowCall();
    const { call } = await lastCall('tools-timeout', 'slow please');
    await started;
    expect(call.output).toBe('Error processing tool slow_lookup: it did not finish within 1.5 s');
    expect(slowCalls.at(-1)!.aborted).toBe(true);
  });

  it('cuts a large result for the model and keeps the whole of it for the user', async () => {
    const { call, response } = await lastCall('tools', 'Weather in Bigtown?');
    expect(call.output).toHaveLength(60_000);
    expect(response.text.length).toBeLessThan(MODEL_OUTPUT_LIMIT + 200);
    expect(response.text).toContain('[… truncated: the result has 60000 characters');
  });

  it('ends a run past its step limit with an error part, keeping the steps done', async () => {
    const agent = await agentFor('tools-chain', { recursion_limit: 4 });
    const events = await (await chatAgent(user, agent.id, 'a long chain')).rest();
    const last = events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data.text).toBe(recursionLimitMessage(4));
    const [, saved] = await messagesOf(f.server.ctx.db, last.data.conversationId);
    const content = saved!.content as ContentPart[];
    expect(toolParts(content).map((c) => c.progress)).toEqual([1, 1]);
    expect(content.at(-1)).toEqual({ type: 'error', error: recursionLimitMessage(4) });
    expect(saved!.finishReason).toBe('error');
  });

  it('stop during a tool call aborts the tool and saves the answer unfinished', async () => {
    const agent = await agentFor('tools-timeout');
    const started = nextSlowCall();
    const stream = await chatAgent(user, agent.id, 'stop me');
    const created = (await stream.next())!.data.message;
    await started;
    const final = await stopChat(f.server, user.token, created.conversationId);
    expect(slowCalls.at(-1)!.aborted).toBe(true);
    expect(final.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });
    const [call] = toolParts(final.responseMessage.content);
    expect(call).toMatchObject({ name: 'slow_lookup', progress: 0.1 });
    expect(call!.output).toBeUndefined();
    await stream.rest();
  });

  it('waits in the "requires auth" state until the user adds the credentials, then goes on', async () => {
    const newcomer = await createTestUser(f.server);
    const agent = await createAgent(newcomer, { model: 'tools-chain' });
    const stream = await chatAgent(newcomer, agent.id, 'needs a key');
    const before = await stream.until((e) => e.data.data?.delta?.auth !== undefined);
    const auth = before.at(-1)!.data.data.delta;
    expect(auth.auth).toBe('plugin:lookup');
    expect(auth.expires_at).toBeGreaterThan(Date.now());
    const saved = await f.server.api('/api/user/plugins', {
      method: 'POST',
      token: newcomer.token,
      json: { pluginKey: 'lookup', action: 'install', auth: { LOOKUP_KEY: 'k2' } },
    });
    expect(saved.status).toBe(200);
    const response = finalMessage(await stream.rest()).responseMessage;
    const calls = toolParts(response.content);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.output).toMatch(/^step 1 \(k2\)/);
    expect(calls[0]!.auth).toBeUndefined();
  });
});

describe('the agents chat path', () => {
  it('refuses a missing agent_id (400), an agent the caller cannot see (404) and a role without USE (403)', async () => {
    const post = (json: Record<string, unknown>, token = user.token) =>
      f.server.api('/api/agents/chat/agents', {
        method: 'POST',
        token,
        json: { text: 'hi', parentMessageId: NO_PARENT, endpoint: 'agents', ...json },
      });
    expect((await post({})).status).toBe(400);
    const stranger = await createTestUser(f.server);
    const theirs = await createAgent(stranger, { model: 'tools' });
    expect((await post({ agent_id: theirs.id })).status).toBe(404);
    expect((await post({ agent_id: 'agent_missing' })).status).toBe(404);
    await updateRolePermissions(f.server.ctx.db, 'USER', 'AGENTS', { USE: false });
    try {
      const refused = await post({ agent_id: theirs.id }, stranger.token);
      expect(refused.status).toBe(403);
    } finally {
      await updateRolePermissions(f.server.ctx.db, 'USER', 'AGENTS', { USE: true });
    }
  });

  it('runs the tools a user turned on in an ordinary chat (the ephemeral agent)', async () => {
    const events = await f.chat('openAI', {
      text: 'ephemeral chain',
      model: 'tools-chain',
      ephemeralAgent: { mcp: [], web_search: false, execute_code: false, lookup: true },
    });
    const response = finalMessage(events).responseMessage;
    expect(toolParts(response.content)).toHaveLength(3);
    expect(response.endpoint).toBe('openAI');
    // All off (what clients send by default): a plain answer, no tools offered upstream.
    await f.chat('openAI', {
      text: 'no tools here',
      model: 'tools',
      ephemeralAgent: { mcp: [], web_search: false, execute_code: false },
    });
    expect(f.requestWith('no tools here').body).not.toHaveProperty('tools');
  });
});
