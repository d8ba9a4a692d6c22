// 500 concurrent streams at 20 tokens/s through Parley (PGlite; the simulator and the load
// generator in processes of their own). Each stream asks the echo model to repeat a text unique to
// it; every streamed text and every saved final must equal it exactly (no token lost, doubled or
// reordered). Reports the server's event-loop delay (p99 goal ≤ 50 ms), its peak memory, and the
// CPU time of each process. Prints one JSON line.
import type { LoadResult } from './support/load-client.ts';
import { ENDPOINT, measureCpu, startParleyStack } from './support/parley-stack.ts';
import { runLoad } from './support/processes.ts';
import { round } from './support/sse-probe.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const SPREAD_MS = 1000;
const WORDS = 30;
const PACING = { tokensPerSecond: 20, firstTokenDelayMs: 0 };
const GOAL_LOOP_P99_MS = 50;
const MB = 1024 * 1024;

const stack = await startParleyStack(PACING);
try {
  const job = (count: number) => ({
    url: `${stack.parleyUrl}/api/agents/chat/${ENDPOINT}`,
    protocol: 'parley' as const,
    headers: { authorization: `Bearer ${stack.token}` },
    endpoint: ENDPOINT,
    model: 'echo',
    count,
    spreadMs: SPREAD_MS,
    words: WORDS,
  });
  await runLoad(job(20));
  const rssAtStart = (await stack.metrics(true)).memory.rssBytes;
  let peakRss = rssAtStart;
  const sampler = setInterval(() => {
    void stack.metrics().then(
      (m) => (peakRss = Math.max(peakRss, m.memory.rssBytes)),
      () => undefined,
    );
  }, 200);
  const run = await measureCpu(stack, () => runLoad<LoadResult>(job(STREAMS)));
  clearInterval(sampler);
  const server = await stack.metrics(true);
  const r = run.result;
  const figures = {
    bench: 'streams-concurrency',
    streams: STREAMS,
    openedOverMs: SPREAD_MS,
    tokensPerSecond: PACING.tokensPerSecond,
    maxOpen: r.maxOpen,
    exact: r.ok,
    mismatched: r.mismatched,
    failed: r.failed,
    ...(r.firstProblem ? { firstProblem: r.firstProblem } : {}),
    streamMs: r.totalMs,
    ttftMs: r.ttftMs,
    eventLoopDelayMs: server.eventLoopDelayMs,
    eventLoopGoalP99Ms: GOAL_LOOP_P99_MS,
    serverRssMB: {
      atStart: round(rssAtStart / MB, 1),
      peak: round(peakRss / MB, 1),
      lifetimePeak: round(stack.server.peakRssBytes() / MB, 1),
    },
    cpuMs: { server: run.serverCpuMs, sim: run.simCpuMs, load: r.cpuMs },
    wallMs: run.wallMs,
    met: r.ok === STREAMS && server.eventLoopDelayMs.p99 <= GOAL_LOOP_P99_MS,
  };
  console.log(JSON.stringify(figures));
  if (r.ok !== STREAMS) process.exitCode = 1;
} finally {
  await stack.stop();
}
