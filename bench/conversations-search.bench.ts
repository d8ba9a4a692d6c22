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

// Search as you type: the last word is a prefix (three or four letters of a word of each frequency,
// alone and after a finished word). Reported apart, so the figures above stay comparable.
const PREFIX_QUERIES = [
  words[5_000]!.slice(0, 4),
  words[14_000]!.slice(0, 4),
  'wat',
  'gard',
  'peo',
  'river eng',
];

const server = await startBenchServer();
try {
  const run = async (path: string, queries: string[]) => {
    const times: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const q of queries) {
        const ms = await timedGet(server, `${path}?search=${encodeURIComponent(q)}`);
        // The first round warms caches and is not counted.
        if (round > 0) (times[q] ??= []).push(ms);
      }
    }
    return times;
  };
  const messages = await run('/api/messages', QUERIES);
  const conversations = await run('/api/convos', QUERIES);
  const prefixMessages = await run('/api/messages', PREFIX_QUERIES);
  const prefixConversations = await run('/api/convos', PREFIX_QUERIES);
  const all = (t: Record<string, number[]>) => Object.values(t).flat();
  const perQuery = (t: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(t).map(([q, v]) => [q, round(percentile(v, 50))]));
  const messagesP95 = percentile(all(messages), 95);
  const conversationsP95 = percentile(all(conversations), 95);
  const prefixP95 = percentile([...all(prefixMessages), ...all(prefixConversations)], 95);
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
      prefixMessagesP95Ms: round(percentile(all(prefixMessages), 95)),
      prefixConversationsP95Ms: round(percentile(all(prefixConversations), 95)),
      prefixMessagesMedianByQueryMs: perQuery(prefixMessages),
      prefixConversationsMedianByQueryMs: perQuery(prefixConversations),
      targetP95Ms: TARGET_P95_MS,
      pass: messagesP95 <= TARGET_P95_MS && conversationsP95 <= TARGET_P95_MS && prefixP95 <= TARGET_P95_MS,
    }),
  );
} finally {
  await server.stop();
}
