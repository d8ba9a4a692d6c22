// First sidebar page (GET /api/convos, 25 newest conversations) for one user holding 10,000
// conversations and 1,000,000 messages, on PGlite. Target: p95 ≤ 20 ms.
import { percentile, round, startBenchServer, timedGet } from './conversations-server.ts';

const TARGET_P95_MS = 20;
const RUNS = 300;

const server = await startBenchServer();
try {
  for (let i = 0; i < 30; i++) await timedGet(server, '/api/convos');
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timedGet(server, '/api/convos'));
  const p95 = percentile(times, 95);
  console.log(
    JSON.stringify({
      bench: 'conversations-sidebar',
      runs: RUNS,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(p95),
      maxMs: round(Math.max(...times)),
      targetP95Ms: TARGET_P95_MS,
      pass: p95 <= TARGET_P95_MS,
    }),
  );
} finally {
  await server.stop();
}
