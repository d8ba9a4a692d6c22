// The benchmark database for bench/conversations-*.bench.ts: one user with 10,000 conversations
// and 1,000,000 messages of generated prose-like text (fixed seed), built once with PGlite's
// COPY and cached under /tmp (delete the directory to rebuild). Conversation 0 holds exactly
// 1,000 messages, the others 99 or 100 each, every conversation a chain of alternating turns.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../packages/server/src/db/client.ts';
import { PGLITE_EXTENSIONS } from '../packages/server/src/db/pglite-extensions.mjs';
import { hashPassword } from '../packages/server/src/services/auth/password.ts';
import { matchIndexes, migratedIndexes, tableIndexes } from './support/schema-indexes.ts';

/** PARLEY_BENCH_CACHE moves it (a branch whose migrations differ keeps its own copy). */
export const BENCH_CACHE = process.env.PARLEY_BENCH_CACHE ?? '/tmp/parley-bench-conversations-v1';
export const BENCH_USER = { email: 'bench@example.com', password: 'bench-password-1' };
export const BIG_CONVERSATION = 'bench-c-00000';
const CONVERSATIONS = 10_000;
const MESSAGES = 1_000_000;
const BIG_SIZE = 1_000;
const SEED = 20_260_101;

/** mulberry32: a small, fast PRNG so the data is the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `the of and to a in is it you that he was for on are with as his they be at one have this from
or had by word but what some we can out other were all there when up use your how said an each she which do
their time if will way about many then them write would like so these her long make thing see him two has
look more day could go come did number sound no most people my over know water than call first who may down
side been now find any new work part take get place made live where after back little only round man year
came show every good me give our under name very through just form sentence great think say help low line
differ turn cause much mean before move right boy old too same tell does set three want air well also play
small end put home read hand port large spell add even land here must big high such follow act why ask men
change went light kind off need house picture try us again animal point mother world near build self earth
father head stand own page should country found answer school grow study still learn plant cover food sun
four between state keep eye never last let thought city tree cross farm hard start might story saw far sea
draw left late run while press close night real life few north garden river engine planet market signal
window doctor letter winter summer music forest island bridge camera pocket silver copper battery harbor`
  .split(/\s+/)
  .filter(Boolean);

/** 20,000 words: common English first, then made-up ones, most frequent first (Zipf-like use). */
export function vocabulary(): string[] {
  const random = prng(SEED + 1);
  const syllables =
    'ka lo mi ren tu sa vel dor pi nu zan qui fe ro bi tal mor gen sil wa ber cas dim eth fal gor hul ix jon kel'.split(
      ' ',
    );
  const words = [...new Set(COMMON)];
  const seen = new Set(words);
  while (words.length < 20_000) {
    const n = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += syllables[Math.floor(random() * syllables.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

function sentenceMaker(seed: number) {
  const random = prng(seed);
  const words = vocabulary();
  const logV = Math.log(words.length);
  // Rank r is drawn with probability ~1/r: a few words everywhere, most words rare.
  const word = () => words[Math.min(words.length - 1, Math.floor(Math.exp(random() * logV)) - 1)]!;
  return (min: number, max: number) => {
    const n = min + Math.floor(random() * (max - min));
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      let w = word();
      if (i === 0 || out[i - 1]!.endsWith('.')) w = w[0]!.toUpperCase() + w.slice(1);
      out.push(i === n - 1 || random() < 0.08 ? `${w}.` : w);
    }
    return out.join(' ');
  };
}

const BASE = Date.UTC(2024, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
export const conversationId = (c: number) => `bench-c-${String(c).padStart(5, '0')}`;
const sizeOf = (c: number) => (c === 0 ? BIG_SIZE : c <= 9_099 ? 100 : 99);

async function load(client: PGlite, name: string, columns: string, rows: string[]) {
  await client.query(`copy ${name} (${columns}) from '/dev/blob'`, [], {
    blob: new Blob([rows.join('\n') + '\n']),
  });
}

async function build(dir: string): Promise<void> {
  const client = await PGlite.create(`${dir}/db`, { extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const [user] = (
    await client.query<{ id: string }>(
      `insert into users (name, email, email_verified, password_hash) values ('Bench', $1, true, $2) returning id`,
      [BENCH_USER.email, await hashPassword(BENCH_USER.password)],
    )
  ).rows;
  const userId = user!.id;
  const text = sentenceMaker(SEED);
  const conversationRows: string[] = [];
  const starts: number[] = [];
  for (let c = 0; c < CONVERSATIONS; c++) {
    // Spread over two years; conversation 0 is the most recent.
    const start = BASE + (CONVERSATIONS - c) * 6_000_000;
    starts.push(start);
    const end = start + sizeOf(c) * 30_000;
    conversationRows.push(
      [
        conversationId(c),
        userId,
        text(3, 7).replace(/\.$/, ''),
        'openAI',
        'gpt-4o',
        iso(start),
        iso(end),
      ].join('\t'),
    );
  }
  await load(
    client,
    'conversations',
    'conversation_id, user_id, title, endpoint, model, created_at, updated_at',
    conversationRows,
  );
  // Dropped for the bulk load; index() builds them again as the migrations define them.
  for (const index of (await tableIndexes(client, 'messages')).keys()) {
    await client.exec(`drop index "${index}"`);
  }
  let written = 0;
  let batch: string[] = [];
  const columns =
    'message_id, conversation_id, user_id, parent_message_id, sender, is_created_by_user, text, created_at, updated_at';
  for (let c = 0; c < CONVERSATIONS; c++) {
    for (let i = 0; i < sizeOf(c); i++) {
      const user = i % 2 === 0;
      const at = iso(starts[c]! + i * 30_000);
      const parent = i === 0 ? '00000000-0000-0000-0000-000000000000' : `${conversationId(c)}-${i - 1}`;
      const body = user ? text(6, 30) : text(25, 90);
      batch.push(
        [
          `${conversationId(c)}-${i}`,
          conversationId(c),
          userId,
          parent,
          user ? 'User' : 'GPT-4o',
          user ? 't' : 'f',
          body,
          at,
          at,
        ].join('\t'),
      );
      written++;
    }
    if (batch.length >= 50_000 || c === CONVERSATIONS - 1) {
      await load(client, 'messages', columns, batch);
      batch = [];
      console.error(`# bench data: ${written} messages`);
    }
  }
  if (written !== MESSAGES) throw new Error(`generated ${written} messages, expected ${MESSAGES}`);
  await client.close();
}

/** Indexes built after the bulk load (much faster than row by row), then planner statistics. */
async function index(dir: string): Promise<void> {
  const client = await PGlite.create(`${dir}/db`, { extensions: PGLITE_EXTENSIONS });
  const [{ n } = { n: 0 }] = (await client.query<{ n: number }>('select count(*)::int as n from messages'))
    .rows;
  if (n !== MESSAGES) throw new Error(`the bench database holds ${n} messages, expected ${MESSAGES}`);
  await client.exec(`set maintenance_work_mem = '512MB'`);
  console.error('# bench data: indexes');
  await matchIndexes(client, 'messages', await migratedIndexes('messages'));
  // VACUUM cannot run inside the implicit transaction of a multi-statement exec.
  await client.exec('vacuum analyze');
  await client.exec('checkpoint');
  await client.close();
}

/** The cached data directory (DATA_DIR layout: `<dir>/db`), built on first use. */
export async function ensureBenchData(): Promise<string> {
  if (existsSync(`${BENCH_CACHE}/READY`)) {
    // Migrations added since the cache was built are applied to it once, not at every start.
    const client = await PGlite.create(`${BENCH_CACHE}/db`, { extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // A cache built by an older version of this file may hold indexes the migrations have since
    // changed (they ran before the bulk load, when those indexes were dropped).
    await client.exec(`set maintenance_work_mem = '512MB'`);
    const rebuilt = await matchIndexes(client, 'messages', await migratedIndexes('messages'));
    if (rebuilt.length > 0) {
      console.error(`# bench data: rebuilt ${rebuilt.join(', ')} as the migrations define them`);
      await client.exec('analyze messages');
      await client.exec('checkpoint');
    }
    await client.close();
    return BENCH_CACHE;
  }
  const started = Date.now();
  if (!existsSync(`${BENCH_CACHE}/LOADED`)) {
    rmSync(BENCH_CACHE, { recursive: true, force: true });
    mkdirSync(BENCH_CACHE, { recursive: true });
    console.error(`# bench data: building ${BENCH_CACHE} (once; takes minutes)`);
    await build(BENCH_CACHE);
    writeFileSync(`${BENCH_CACHE}/LOADED`, '');
  }
  await index(BENCH_CACHE);
  writeFileSync(
    `${BENCH_CACHE}/READY`,
    JSON.stringify({
      seed: SEED,
      conversations: CONVERSATIONS,
      messages: MESSAGES,
      builtInMs: Date.now() - started,
    }),
  );
  return BENCH_CACHE;
}

if (process.argv[1]?.endsWith('conversations-data.ts')) {
  await ensureBenchData();
}
