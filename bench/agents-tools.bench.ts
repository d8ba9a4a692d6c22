// The tool loop's own cost. Parley (its own process, PGlite, the `lookup` tool added) runs an agent
// on the simulator's `tools-chain` model (its own process): three dependent tool steps and a last
// answer, four model calls. The same chain is also run straight against the simulator by a minimal
// client of the same protocol (Chat Completions) that runs the same tool in-line, and one plain
// model call is run both ways. Parley's added time per tool step is
//   ((Parley chain − direct chain) − (Parley single call − direct single call)) / 3,
// the chat's fixed cost (request, plan, saving) taken out; the tool itself answers at once, so
// model and tool time are the same on both sides. Goal ≤ 5 ms at p50 (medians of sequential runs).
// Then 100 agent runs at once: every run must finish with its three results and the quoted answer,
// with the server's event-loop delay p99 ≤ 50 ms. Prints one JSON line.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measureCpu, startParleyStack, type ParleyStack } from './support/parley-stack.ts';
import { round } from './support/sse-probe.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 100);
const STEPS = 3;
const PACING = { tokensPerSecond: 1000, firstTokenDelayMs: 0 };
const GOAL = { addedPerStepP50Ms: 5, loopP99Ms: 50 };
const ROOT = new URL('../', import.meta.url).pathname;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reads a server-sent event stream to its end; answers the data of every event. */
async function sseEvents(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
}

async function createAgent(stack: ParleyStack, model: string, tools: string[]): Promise<string> {
  const res = await fetch(`${stack.parleyUrl}/api/agents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.token}` },
    body: JSON.stringify({ name: `Bench ${model}`, provider: 'Sim', model, tools }),
  });
  if (!res.ok) throw new Error(`create agent: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** One agent run through Parley: its wall time and its final answer (null when it failed). */
async function parleyRun(stack: ParleyStack, agentId: string, text: string) {
  const t0 = performance.now();
  const res = await fetch(`${stack.parleyUrl}/api/agents/chat/agents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.token}` },
    body: JSON.stringify({
      text,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      conversationId: null,
      endpoint: 'agents',
      agent_id: agentId,
    }),
  });
  const events = await sseEvents(res);
  const ms = performance.now() - t0;
  if (!res.ok) return { ms, final: null, failure: `HTTP ${res.status}: ${events.join(' ').slice(0, 300)}` };
  const final = JSON.parse(events.at(-1) ?? '{}') as {
    final?: boolean;
    error?: boolean;
    responseMessage?: { text: string; content: { type: string; tool_call?: { output?: string } }[] };
  };
  if (final.final && !final.error) return { ms, final: final.responseMessage!, failure: null };
  // Why a run failed, for the report: its last event (an error part or a cut stream).
  return { ms, final: null, failure: (events.at(-1) ?? `no events (HTTP ${res.status})`).slice(0, 600) };
}

interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The same chain straight against the simulator: stream each answer, run its calls, send them back. */
async function directRun(stack: ParleyStack, model: string, text: string): Promise<number> {
  const t0 = performance.now();
  const messages: unknown[] = [{ role: 'user', content: text }];
  const tools = [
    {
      type: 'function',
      function: {
        name: 'lookup',
        description: 'Looks something up',
        parameters: {
          type: 'object',
          properties: { step: { type: 'integer' }, query: { type: 'string' } },
          required: ['step', 'query'],
        },
      },
    },
  ];
  for (;;) {
    const res = await fetch(`${stack.simUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer sk-bench',
        ...stack.pacingHeaders,
      },
      body: JSON.stringify({ model, messages, tools, stream: true }),
    });
    const calls: OpenAIToolCall[] = [];
    let content = '';
    for (const data of await sseEvents(res)) {
      if (data === '[DONE]') break;
      const delta = (
        JSON.parse(data) as {
          choices?: {
            delta?: {
              content?: string;
              tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
            };
          }[];
        }
      ).choices?.[0]?.delta;
      content += delta?.content ?? '';
      for (const c of delta?.tool_calls ?? []) {
        const call = (calls[c.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (c.id) call.id = c.id;
        call.function.name += c.function?.name ?? '';
        call.function.arguments += c.function?.arguments ?? '';
      }
    }
    if (calls.length === 0) return performance.now() - t0;
    messages.push({ role: 'assistant', content: content || null, tool_calls: calls });
    for (const call of calls) {
      const { step, query } = JSON.parse(call.function.arguments) as { step: number; query: string };
      messages.push({ role: 'tool', tool_call_id: call.id, content: `step ${step}: ${query.slice(0, 60)}` });
    }
  }
}

/** Three results and the answer quoting them: the run finished exactly. */
function exact(answer: NonNullable<Awaited<ReturnType<typeof parleyRun>>['final']>): boolean {
  const outputs = answer.content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call?.output ?? '');
  return (
    outputs.length === STEPS &&
    outputs.every((o, i) => o.startsWith(`step ${i + 1}: `)) &&
    answer.text.startsWith('The tool returned: step 1') &&
    answer.text.includes(`\nstep ${STEPS}: `)
  );
}

const stack = await startParleyStack(PACING, {
  entry: join(ROOT, 'bench/support/tool-server.ts'),
  models: ['tools-chain', 'echo'],
});
try {
  const chainAgent = await createAgent(stack, 'tools-chain', ['lookup']);
  const plainAgent = await createAgent(stack, 'echo', []);
  // Warm-up: JIT, first connections, the model list.
  for (let i = 0; i < 5; i++) {
    await parleyRun(stack, chainAgent, `warm ${i}`);
    await parleyRun(stack, plainAgent, `warm ${i}`);
    await directRun(stack, 'tools-chain', `warm ${i}`);
    await directRun(stack, 'echo', `warm ${i}`);
  }
  const samples = {
    parleyChain: [] as number[],
    directChain: [] as number[],
    parleyOne: [] as number[],
    directOne: [] as number[],
  };
  let chainOk = 0;
  for (let i = 0; i < RUNS; i++) {
    const text = `look up item ${i}`;
    const chain = await parleyRun(stack, chainAgent, text);
    if (chain.final && exact(chain.final)) chainOk++;
    samples.parleyChain.push(chain.ms);
    samples.directChain.push(await directRun(stack, 'tools-chain', text));
    samples.parleyOne.push((await parleyRun(stack, plainAgent, text)).ms);
    samples.directOne.push(await directRun(stack, 'echo', text));
  }
  const p50 = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, round(median(v))])) as Record<
    keyof typeof samples,
    number
  >;
  const addedPerStep = round((p50.parleyChain - p50.directChain - (p50.parleyOne - p50.directOne)) / STEPS);

  await stack.metrics(true);
  const run = await measureCpu(stack, () =>
    Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => parleyRun(stack, chainAgent, `concurrent ${i}`)),
    ),
  );
  const server = await stack.metrics(true);
  const finishedExactly = run.result.filter((r) => r.final && exact(r.final)).length;
  const failures = run.result
    .map(
      (r) =>
        r.failure ??
        (r.final && !exact(r.final) ? `inexact: ${JSON.stringify(r.final).slice(0, 600)}` : null),
    )
    .filter((f): f is string => f !== null);
  const figures = {
    bench: 'agents-tools',
    chain: { steps: STEPS, runs: RUNS, exact: chainOk, tokensPerSecond: PACING.tokensPerSecond },
    p50Ms: p50,
    addedPerToolStepMsP50: addedPerStep,
    goalAddedPerToolStepMsP50: GOAL.addedPerStepP50Ms,
    concurrent: {
      runs: CONCURRENT,
      finishedExactly,
      wallMs: run.wallMs,
      runMs: {
        p50: round(median(run.result.map((r) => r.ms))),
        max: round(Math.max(...run.result.map((r) => r.ms))),
      },
      eventLoopDelayMs: server.eventLoopDelayMs,
      // The event loop's own CPU time in those samples: the server's work in a stall, without the
      // time its other threads (database, V8's helpers) and other processes held the core.
      eventLoopStallCpuMs: server.eventLoopStallCpuMs,
      // The first few distinct reasons runs failed (empty when all finished exactly).
      failures: [...new Set(failures)].slice(0, 5),
      cpuMs: { server: run.serverCpuMs, serverThreads: run.serverThreadCpuMs, sim: run.simCpuMs },
    },
    goalLoopP99Ms: GOAL.loopP99Ms,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverage1m: round(loadavg()[0]!),
    met:
      chainOk === RUNS &&
      addedPerStep <= GOAL.addedPerStepP50Ms &&
      finishedExactly === CONCURRENT &&
      server.eventLoopDelayMs.p99 <= GOAL.loopP99Ms,
  };
  console.log(JSON.stringify(figures));
  if (chainOk !== RUNS || finishedExactly !== CONCURRENT) process.exitCode = 1;
} finally {
  await stack.stop();
}
