// Full-text search over one user's 1,000,000 messages (10,000 conversations) on PGlite: the
// search view (GET /api/messages?search=) and the sidebar search (GET /api/convos?search=), over a
// fixed mix of rare and common words. Target: p95 ≤ 50 ms.
import { vocabulary } from './conversations-data.ts';
import { percentile, round, startBenchServer, timedGet } from './conversations-server.ts';

const TARGET_P95_MS = 50;
const ROUNDS = 10;

const words = vocabulary();
// Ranks in the generated text's Zipf-like distribution: low ranks are in a large share of all
// messages, high ranks in a few hundred or fewer.
const QUERIES = [
  words[5_000]!,
  words[9_000]!,
  words[14_000]!,
  words[19_500]!,
  'water',
  'time',
  'garden',
  'people',
  'river engine',
  '"little only"',
  'music -winter',
  `${words[3_000]} or ${words[7_000]}`,
];

const server = await startBenchServer();
try {
  const run = async (path: string) => {
    const times: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const q of QUERIES) {
        const ms = await timedGet(server, `${path}?search=${encodeURIComponent(q)}`);
        // The first round warms caches and is not counted.
        if (round > 0) (times[q] ??= []).push(ms);
      }
    }
    return times;
  };
  const messages = await run('/api/messages');
  const conversations = await run('/api/convos');
  const all = (t: Record<string, number[]>) => Object.values(t).flat();
  const perQuery = (t: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(t).map(([q, v]) => [q, round(percentile(v, 50))]));
  const messagesP95 = percentile(all(messages), 95);
  const conversationsP95 = percentile(all(conversations), 95);
  console.log(
    JSON.stringify({
      bench: 'conversations-search',
      queries: QUERIES.length,
      rounds: ROUNDS,
      messagesP50Ms: round(percentile(all(messages), 50)),
      messagesP95Ms: round(messagesP95),
      conversationsP50Ms: round(percentile(all(conversations), 50)),
      conversationsP95Ms: round(conversationsP95),
      messagesMedianByQueryMs: perQuery(messages),
      conversationsMedianByQueryMs: perQuery(conversations),
      targetP95Ms: TARGET_P95_MS,
      pass: messagesP95 <= TARGET_P95_MS && conversationsP95 <= TARGET_P95_MS,
    }),
  );
} finally {
  await server.stop();
}
