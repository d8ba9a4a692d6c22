// The scripted tool-calling models through any AI SDK provider, with the AI SDK's own tool loop as
// the client: one call, parallel calls, a chain of three steps, arguments that fail the tool's
// schema, a tool that does not exist and a tool that times out. Each protocol runs the same checks,
// so a tool loop tested against one protocol meets the same scripts on every other.
import {
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type JSONSchema7,
  type LanguageModel,
  type ToolSet,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { CHAIN_STEPS, CHAIN_TOOL_NAME } from '../src/behaviours/tools-chain.ts';
import { BAD_WEATHER_ARGUMENTS, SLOW_TOOL_NAME, UNKNOWN_TOOL_NAME } from '../src/behaviours/tools-misuse.ts';
import { NAMED_TOOL_HINT } from '../src/behaviours/tools-named.ts';
import { PARALLEL_DEFAULT_LOCATIONS } from '../src/behaviours/tools-parallel.ts';
import { TOOL_ANSWER_PREFIX, TOOL_NAME } from '../src/behaviours/tools.ts';

/** What a run of the AI SDK's tool loop did: every call, every result, and the final answer. */
interface ToolRun {
  steps: number;
  calls: { toolName: string; input: unknown }[];
  results: { toolName: string; output: unknown }[];
  toolErrors: { toolName: string; error: string }[];
  text: string;
  finishReason?: string;
  errors: unknown[];
}

async function runTools(
  model: LanguageModel,
  prompt: string,
  tools: ToolSet,
  maxSteps = 6,
): Promise<ToolRun> {
  const result = streamText({
    model,
    prompt,
    tools,
    stopWhen: stepCountIs(maxSteps),
    maxRetries: 0,
    onError: () => {},
  });
  const run: ToolRun = { steps: 0, calls: [], results: [], toolErrors: [], text: '', errors: [] };
  for await (const part of result.fullStream) {
    if (part.type === 'start-step') run.steps++;
    else if (part.type === 'tool-call') run.calls.push({ toolName: part.toolName, input: part.input });
    else if (part.type === 'tool-result') run.results.push({ toolName: part.toolName, output: part.output });
    else if (part.type === 'tool-error')
      run.toolErrors.push({ toolName: part.toolName, error: String(part.error) });
    else if (part.type === 'text-delta') run.text += part.text;
    else if (part.type === 'finish') run.finishReason = part.finishReason;
    else if (part.type === 'error') run.errors.push(part.error);
  }
  return run;
}

interface WeatherInput {
  location: string;
  unit?: 'celsius' | 'fahrenheit';
}

/** The weather tool's schema check, as a client runs it before the tool: the first problem, or null. */
function weatherProblem(input: unknown): string | null {
  const value = input as Partial<Record<string, unknown>> | null;
  if (typeof value !== 'object' || value === null) return 'arguments must be an object';
  if (typeof value.location !== 'string') return 'location must be a string';
  if (value.unit !== undefined && value.unit !== 'celsius' && value.unit !== 'fahrenheit')
    return 'unit must be celsius or fahrenheit';
  return null;
}

/** A JSON schema whose `validate` refuses what `problem` names, as the AI SDK checks before `execute`. */
function checkedSchema<T>(
  schema: Parameters<typeof jsonSchema>[0],
  problem: (input: unknown) => string | null,
) {
  return jsonSchema<T>(schema, {
    validate: (value) => {
      const found = problem(value);
      return found === null
        ? { success: true, value: value as T }
        : { success: false, error: new Error(found) };
    },
  });
}

const WEATHER_JSON_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['location'],
};

/** The weather tool as a real client would offer it: its schema is checked before it runs. */
const weather = tool({
  description: 'Current weather for a place',
  inputSchema: checkedSchema<WeatherInput>(WEATHER_JSON_SCHEMA, weatherProblem),
  execute: async ({ location }) => `Sunny in ${location}`,
});

/** The same tool without the check, so the test sees the raw arguments and the tool reports the problem. */
const rawWeather = tool({
  description: 'Current weather for a place',
  inputSchema: jsonSchema<Record<string, unknown>>(WEATHER_JSON_SCHEMA),
  execute: async (input) => {
    const problem = weatherProblem(input);
    return problem === null ? `Sunny in ${String(input.location)}` : `error processing tool: ${problem}`;
  },
});

const lookup = tool({
  description: 'Looks something up',
  inputSchema: jsonSchema<{ step: number; query: string }>({
    type: 'object',
    properties: { step: { type: 'integer' }, query: { type: 'string' } },
    required: ['step', 'query'],
  }),
  execute: async ({ step, query }) => `step ${step}: ${query}`,
});

const TIMEOUT_MS = 50;
/** Never finishes on its own; gives up after TIMEOUT_MS as a tool loop's time limit would. */
const slowLookup = tool({
  description: 'A lookup that takes very long',
  inputSchema: jsonSchema<{ query: string }>({
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
  }),
  execute: () =>
    new Promise<string>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`${SLOW_TOOL_NAME} timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    }),
});

export function describeAiSdkToolScripts(name: string, model: (behaviour: string) => LanguageModel): void {
  describe(`AI SDK ${name}: scripted tool calls`, () => {
    it('tools: one call, its result fed back, then the answer', async () => {
      const run = await runTools(model('tools'), 'Weather in Kyoto?', { [TOOL_NAME]: weather });
      expect(run.errors).toEqual([]);
      expect(run.calls).toEqual([{ toolName: TOOL_NAME, input: { location: 'Kyoto', unit: 'celsius' } }]);
      expect(run.steps).toBe(2);
      expect(run.text).toBe(`${TOOL_ANSWER_PREFIX}Sunny in Kyoto`);
      expect(run.finishReason).toBe('stop');
    });

    it('tools-parallel: every call in one step, every result in one answer, in call order', async () => {
      const run = await runTools(model('tools-parallel'), 'Weather in Oslo, Rome and New York?', {
        [TOOL_NAME]: weather,
      });
      expect(run.errors).toEqual([]);
      expect(run.steps).toBe(2);
      expect(run.calls.map((c) => c.input)).toEqual([
        { location: 'Oslo', unit: 'celsius' },
        { location: 'Rome', unit: 'celsius' },
        { location: 'New York', unit: 'celsius' },
      ]);
      expect(run.text).toBe(`${TOOL_ANSWER_PREFIX}Sunny in Oslo\nSunny in Rome\nSunny in New York`);
      const defaults = await runTools(model('tools-parallel'), 'Weather please', { [TOOL_NAME]: weather });
      expect(defaults.calls.map((c) => (c.input as { location: string }).location)).toEqual([
        ...PARALLEL_DEFAULT_LOCATIONS,
      ]);
    });

    it('tools-chain: three dependent steps, each fed the previous result', async () => {
      const run = await runTools(model('tools-chain'), 'Start here', { [CHAIN_TOOL_NAME]: lookup });
      expect(run.errors).toEqual([]);
      expect(run.steps).toBe(CHAIN_STEPS + 1);
      expect(run.calls.map((c) => c.input)).toEqual([
        { step: 1, query: 'Start here' },
        { step: 2, query: 'step 1: Start here' },
        { step: 3, query: 'step 2: step 1: Start here' },
      ]);
      expect(run.text).toBe(
        `${TOOL_ANSWER_PREFIX}step 1: Start here\nstep 2: step 1: Start here\nstep 3: step 2: step 1: Start here`,
      );
      // A loop that stops early leaves the chain unfinished: no answer yet.
      const cut = await runTools(model('tools-chain'), 'Start here', { [CHAIN_TOOL_NAME]: lookup }, 2);
      expect(cut.calls).toHaveLength(2);
      expect(cut.text).toBe('');
      expect(cut.finishReason).toBe('tool-calls');
    });

    it('tools-bad-args: arguments that fail the schema, then an answer quoting the error', async () => {
      const raw = await runTools(model('tools-bad-args'), 'Weather?', { [TOOL_NAME]: rawWeather });
      expect(raw.errors).toEqual([]);
      expect(raw.calls).toEqual([{ toolName: TOOL_NAME, input: BAD_WEATHER_ARGUMENTS }]);
      expect(raw.text).toMatch(new RegExp(`^${TOOL_ANSWER_PREFIX}error processing tool: `));
      // A client that checks the schema itself refuses the call before running the tool.
      const checked = await runTools(model('tools-bad-args'), 'Weather?', { [TOOL_NAME]: weather });
      expect(checked.results).toEqual([]);
      expect(checked.toolErrors.map((e) => e.toolName)).toEqual([TOOL_NAME]);
    });

    it('tools-unknown: a call to a tool nobody offered', async () => {
      const run = await runTools(model('tools-unknown'), 'Find it', { [TOOL_NAME]: weather });
      expect(run.results).toEqual([]);
      expect(run.toolErrors.map((e) => e.toolName)).toEqual([UNKNOWN_TOOL_NAME]);
    });

    it('tools-named: calls the tool the user names with the arguments given, then quotes its result', async () => {
      const run = await runTools(model('tools-named'), 'get_weather {"location":"Oslo"}', {
        [TOOL_NAME]: weather,
      });
      expect(run.calls).toEqual([{ toolName: TOOL_NAME, input: { location: 'Oslo' } }]);
      expect(run.results).toHaveLength(1);
      expect(run.text.startsWith(TOOL_ANSWER_PREFIX)).toBe(true);
      const bare = await runTools(model('tools-named'), '?', { [TOOL_NAME]: weather });
      expect(bare.calls).toEqual([]);
      expect(bare.text).toBe(NAMED_TOOL_HINT);
    });

    it('tools-timeout: the tool gives up, the error goes back, the model answers with it', async () => {
      const run = await runTools(model('tools-timeout'), 'Slow one', { [SLOW_TOOL_NAME]: slowLookup });
      expect(run.calls).toEqual([{ toolName: SLOW_TOOL_NAME, input: { query: 'Slow one' } }]);
      expect(run.toolErrors).toHaveLength(1);
      expect(run.toolErrors[0]!.error).toContain('timed out');
      expect(run.steps).toBe(2);
      expect(run.text.startsWith(TOOL_ANSWER_PREFIX)).toBe(true);
      expect(run.text).toContain(`${SLOW_TOOL_NAME} timed out after ${TIMEOUT_MS} ms`);
    });
  });
}
