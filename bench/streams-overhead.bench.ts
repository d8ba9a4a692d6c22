// Parley's added time to first token. The simulator (its own process) answers after 200 ms at 50
// tokens/s; the load generator (its own process) opens 200 streams through Parley over 2 s (PGlite,
// a custom endpoint pointing at that simulator, a new conversation per stream) and, interleaved
// with them, 200 streams straight to the simulator, timing both with the same client code, so
// both see the same conditions. Goal: ≤ 2 ms added at p50 and ≤ 10 ms at p99. Prints one JSON line.
// BENCH_PIN=1 runs the server alone on one core and the simulator and load generator on the
// other (taskset), as the server's CPU per stream is meant to be read on a busy machine.
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { LoadJob, LoadResult } from './support/load-client.ts';
import { ENDPOINT, measureCpu, startParleyStack } from './support/parley-stack.ts';
import { pinning, runLoad } from './support/processes.ts';
import { round } from './support/sse-probe.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SPREAD_MS = 2000;
const PACING = { tokensPerSecond: 50, firstTokenDelayMs: 200 };
const GOAL = { p50: 2, p99: 10 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const stack = await startParleyStack(PACING);
try {
  const job = (count: number): LoadJob => ({
    url: `${stack.parleyUrl}/api/agents/chat/${ENDPOINT}`,
    protocol: 'parley',
    headers: { authorization: `Bearer ${stack.token}` },
    endpoint: ENDPOINT,
    model: 'echo',
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
  await runLoad(job(40));
  const load0 = loadavg()[0]!;
  // Several rounds, reported by their median: the machine's other load comes and goes.
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await measureCpu(stack, () => runLoad<LoadResult & { alongside: LoadResult }>(job(STREAMS)));
    const p = run.result;
    const d = p.alongside;
    rounds.push({
      parley: p.ttftMs,
      direct: d.ttftMs,
      added: { p50: round(p.ttftMs.p50 - d.ttftMs.p50), p99: round(p.ttftMs.p99 - d.ttftMs.p99) },
      ok: { parley: p.ok, direct: d.ok },
      firstProblem: p.firstProblem ?? d.firstProblem,
      cpuMs: {
        server: run.serverCpuMs,
        serverThreads: run.serverThreadCpuMs,
        sim: run.simCpuMs,
        load: p.cpuMs,
      },
      maxOpen: p.maxOpen,
    });
  }
  const added = {
    p50: median(rounds.map((r) => r.added.p50)),
    p99: median(rounds.map((r) => r.added.p99)),
  };
  const allOk = rounds.every((r) => r.ok.parley === STREAMS && r.ok.direct === STREAMS);
  console.log(
    JSON.stringify({
      bench: 'streams-overhead',
      streams: STREAMS,
      spreadMs: SPREAD_MS,
      pacing: PACING,
      rounds,
      addedTtftMs: added,
      goalMs: GOAL,
      met: allOk && added.p50 <= GOAL.p50 && added.p99 <= GOAL.p99,
      serverCpuMsPerStream: round(median(rounds.map((r) => r.cpuMs.server)) / STREAMS),
      // Where it went: the event loop's thread, and the others (the embedded database's thread above all).
      serverCpuMsPerStreamByThread: {
        main: round(median(rounds.map((r) => r.cpuMs.serverThreads.main)) / STREAMS),
        others: round(median(rounds.map((r) => r.cpuMs.serverThreads.others)) / STREAMS),
      },
      cores: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      pinned: pinning(),
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
