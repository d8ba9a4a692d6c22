// Opening a 1,000-message conversation: GET /api/convos/{id} and GET /api/messages/{id}, as the
// chat view does, on the 1,000,000-message PGlite database. Target: ≤ 50 ms (reported at p95).
import { BIG_CONVERSATION } from './conversations-data.ts';
import { percentile, round, startBenchServer, timedGet } from './conversations-server.ts';

const TARGET_MS = 50;
const RUNS = 100;

const server = await startBenchServer();
try {
  const open = async () => {
    const started = performance.now();
    await Promise.all([
      timedGet(server, `/api/convos/${BIG_CONVERSATION}`),
      timedGet(server, `/api/messages/${BIG_CONVERSATION}`),
    ]);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await open();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await open());
  const p95 = percentile(times, 95);
  console.log(
    JSON.stringify({
      bench: 'conversations-open',
      messages: 1000,
      runs: RUNS,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(p95),
      maxMs: round(Math.max(...times)),
      targetMs: TARGET_MS,
      pass: p95 <= TARGET_MS,
    }),
  );
} finally {
  await server.stop();
}
