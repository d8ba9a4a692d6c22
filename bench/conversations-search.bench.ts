// Full-text search over one user's 1,000,000 messages (10,000 conversations) on PGlite: the
// search view (GET /api/messages?search=) and the sidebar search (GET /api/convos?search=), over a
// fixed mix of rare and common words, and misspelt words that full text cannot find, answered by
// typo-tolerant matching (pg_trgm). Target: p95 ≤ 50 ms.
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

/** A letter dropped from the middle: "gardn", "rivr"… — full text finds no such lexeme. */
const misspelt = (word: string) =>
  word.slice(0, Math.floor(word.length / 2)) + word.slice(Math.floor(word.length / 2) + 1);

// Typo-tolerant search (services/search/fuzzy-text.ts), used when full text finds fewer than three
// matches: misspellings of a common, a middling and a rare word, two words with one misspelt, and
// a word in no message at all (the index answers "nothing" without a near-miss to rank).
const TYPO_QUERIES = [
  misspelt('garden'),
  misspelt('picture'),
  misspelt(words[5_000]!),
  misspelt(words[14_000]!),
  `river ${misspelt('engine')}`,
  'lisbn',
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
  const typoMessages = await run('/api/messages', TYPO_QUERIES);
  const typoConversations = await run('/api/convos', TYPO_QUERIES);
  const all = (t: Record<string, number[]>) => Object.values(t).flat();
  const perQuery = (t: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(t).map(([q, v]) => [q, round(percentile(v, 50))]));
  const messagesP95 = percentile(all(messages), 95);
  const conversationsP95 = percentile(all(conversations), 95);
  const prefixP95 = percentile([...all(prefixMessages), ...all(prefixConversations)], 95);
  const typoP95 = percentile([...all(typoMessages), ...all(typoConversations)], 95);
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
      typoMessagesP95Ms: round(percentile(all(typoMessages), 95)),
      typoConversationsP95Ms: round(percentile(all(typoConversations), 95)),
      typoMessagesMedianByQueryMs: perQuery(typoMessages),
      typoConversationsMedianByQueryMs: perQuery(typoConversations),
      targetP95Ms: TARGET_P95_MS,
      pass:
        messagesP95 <= TARGET_P95_MS &&
        conversationsP95 <= TARGET_P95_MS &&
        prefixP95 <= TARGET_P95_MS &&
        typoP95 <= TARGET_P95_MS,
    }),
  );
} finally {
  await server.stop();
}
