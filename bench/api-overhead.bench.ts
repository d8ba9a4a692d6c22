// The OpenAI-compatible API's added time to first token: streams through Parley's
// `/v1/chat/completions` (a personal API key, a custom endpoint pointing at the simulator, nothing
// saved) against the same streams straight to the simulator, interleaved stream for stream by one
// load generator so both see the same conditions. The simulator answers after 200 ms at 50
// tokens/s. Goal: ≤ 5 ms added at p50. Prints one JSON line, with the machine's load average.
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { LoadJob, LoadResult } from './support/load-client.ts';
import { ENDPOINT, measureCpu, startParleyStack } from './support/parley-stack.ts';
import { runLoad } from './support/processes.ts';
import { round } from './support/sse-probe.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_SPREAD_MS spreads the streams wider: on a busy machine, apart rather than queued for the CPU.
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 2000);
const PACING = { tokensPerSecond: 50, firstTokenDelayMs: 200 };
const GOAL = { p50: 5 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const stack = await startParleyStack(PACING);
try {
  const created = await fetch(`${stack.parleyUrl}/api/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (created.status !== 201) throw new Error(`API key: ${created.status} ${await created.text()}`);
  const { key } = (await created.json()) as { key: string };
  const job = (count: number): LoadJob => ({
    url: `${stack.parleyUrl}/v1/chat/completions`,
    protocol: 'openai',
    headers: { authorization: `Bearer ${key}` },
    endpoint: ENDPOINT,
    model: `${ENDPOINT}/echo`,
    count,
    spreadMs: SPREAD_MS,
    words: 10,
    alongside: {
      url: `${stack.simUrl}/v1/chat/completions`,
      protocol: 'openai',
      headers: { ...stack.pacingHeaders, authorization: 'Bearer sk-bench' },
      model: 'echo',
    },
  });
  // Warm-up, so neither path pays for JIT compilation or first connections.
  await runLoad(job(30));
  const load0 = loadavg()[0]!;
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await measureCpu(stack, () => runLoad<LoadResult & { alongside: LoadResult }>(job(STREAMS)));
    const p = run.result;
    const d = p.alongside;
    rounds.push({
      api: p.ttftMs,
      direct: d.ttftMs,
      added: { p50: round(p.ttftMs.p50 - d.ttftMs.p50), p99: round(p.ttftMs.p99 - d.ttftMs.p99) },
      ok: { api: p.ok, direct: d.ok },
      firstProblem: p.firstProblem ?? d.firstProblem,
      serverCpuMs: run.serverCpuMs,
    });
  }
  const added = {
    p50: median(rounds.map((r) => r.added.p50)),
    p99: median(rounds.map((r) => r.added.p99)),
  };
  const allOk = rounds.every((r) => r.ok.api === STREAMS && r.ok.direct === STREAMS);
  console.log(
    JSON.stringify({
      bench: 'api-overhead',
      streams: STREAMS,
      spreadMs: SPREAD_MS,
      pacing: PACING,
      rounds,
      addedTtftMs: added,
      goalMs: GOAL,
      met: allOk && added.p50 <= GOAL.p50,
      serverCpuMsPerStream: round(median(rounds.map((r) => r.serverCpuMs)) / STREAMS),
      cores: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      loadAverage1m: { before: round(load0), after: round(loadavg()[0]!) },
    }),
  );
  if (!allOk) {
    console.error(`problem: ${rounds.find((r) => r.firstProblem)?.firstProblem}`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
