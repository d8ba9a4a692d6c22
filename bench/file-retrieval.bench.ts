// Retrieval quality of file search on a small hand-labelled set (bench/fixtures/retrieval): five
// plain-text documents of about 500 words, and questions each labelled with a sentence of the
// passage it should find. Many questions only partly share the passage's words on purpose: stop
// words, plurals and other inflections, numbers, a word missing, and paraphrases ("How many
// zebras did the herd count?" for "the herd counted 14 zebras").
//
// The documents go through the real indexing path (indexFile: read from the blob store, chunked,
// vectors asked of the embeddings provider, stored) and the questions through searchFiles, the
// function the file_search tool calls: full text alone, then hybrid with the query's vector. The
// embeddings provider is the simulator's /v1/embeddings, whose vectors are a hashed bag of words
// (lexical, not semantic), so the hybrid figures here are a floor for a real embeddings model.
// Ranks are not times, so these figures do not depend on the machine's load.
//
// The set is small: its documents make about 13 chunks, so the top 5 is over a third of them and
// recall@5 says little on its own; recall@1 and MRR (where the passage was ranked) are the
// figures that move when ranking gets better or worse.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { startSimulator } from '../packages/llm-sim/src/index.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { files, users } from '../packages/server/src/db/schema/index.ts';
import { blobKey } from '../packages/server/src/services/files/blob-store.ts';
import { FileEmbeddings } from '../packages/server/src/services/files/file-embeddings.ts';
import { indexFile } from '../packages/server/src/services/files/file-index.ts';
import { searchFiles } from '../packages/server/src/services/files/file-search.ts';
import { LocalBlobStore } from '../packages/server/src/services/files/local-blob-store.ts';
import { rankOf, scoreRanks } from './support/retrieval-score.ts';

const FIXTURES = 'bench/fixtures/retrieval';
/** Passages read per search: enough to see ranks past the top 5 for MRR. */
const LIMIT = 10;
const K = 5;
const DIMENSIONS = 256;
/**
 * Full text can only find a passage that shares a word with the question, so its goal is on those
 * questions; hybrid's is on all of them, which a semantic embeddings model can reach.
 */
const GOALS = { fullTextRecallAt5SharingAWord: 0.8, hybridRecallAt5: 0.9 };
const USER = 'bench-user';

interface Question {
  kind: string;
  question: string;
  /** A sentence (or part of one) of the passage the question should find. */
  passage: string;
}

const questions = JSON.parse(await readFile(join(FIXTURES, 'questions.json'), 'utf8')) as Question[];
const documents = (await readdir(FIXTURES)).filter((name) => name.endsWith('.txt')).sort();

const sim = await startSimulator();
const blobDir = await mkdtemp(join(tmpdir(), 'parley-retrieval-'));
const handle = await openDatabase({ dataDir: 'memory://' });
try {
  await handle.migrate();
  const db = handle.db;
  const embeddings = await FileEmbeddings.start(
    db,
    'pglite',
    { url: `${sim.url}/v1`, model: 'sim-embed', dimensions: DIMENSIONS, timeoutMs: 30_000 },
    pino({ enabled: false }),
  );
  if (!embeddings) throw new Error('the embedded database cannot hold vectors');
  await db.insert(users).values({ id: USER, name: 'Bench', email: 'bench@example.com' });
  const store = new LocalBlobStore(blobDir);
  const fileIds: string[] = [];
  let chunks = 0;
  for (const [i, name] of documents.entries()) {
    const fileId = `retrieval-${i}`;
    const text = await readFile(join(FIXTURES, name));
    const storageKey = blobKey(USER, fileId);
    await store.put(storageKey, Readable.from([text]), 'text/plain');
    const [row] = await db
      .insert(files)
      .values({
        fileId,
        userId: USER,
        filename: name,
        storageKey,
        type: 'text/plain',
        bytes: text.length,
        source: 'local',
      })
      .returning();
    const indexed = await indexFile(db, store, row!, embeddings);
    if (indexed.vectors?.status !== 'stored') throw new Error(`${name} got no vectors`);
    chunks += indexed.chunks;
    fileIds.push(fileId);
  }

  /** The words full-text search sees in a text: the English configuration's stemmed lexemes. */
  const lexemes = async (text: string) => {
    const result = await db.execute(
      sql`select tsvector_to_array(to_tsvector('english'::regconfig, ${text})) as lexemes`,
    );
    return new Set((result as unknown as { rows: { lexemes: string[] }[] }).rows[0]!.lexemes);
  };
  /**
   * Whether each question shares at least one lexeme with its labelled sentence (the chunk around
   * it may hold more of the question's words, so full text can still find some of the others).
   */
  const sharesAWord: boolean[] = [];
  for (const q of questions) {
    const passage = await lexemes(q.passage);
    sharesAWord.push([...(await lexemes(q.question))].some((l) => passage.has(l)));
  }

  /** Each question's rank of its passage (null: not among the LIMIT hits). */
  const ranks = async (hybrid: boolean) => {
    const out: (number | null)[] = [];
    for (const q of questions) {
      const vector = hybrid ? await embeddings.queryVector(q.question) : null;
      if (hybrid && !vector) throw new Error('the simulator gave no query vector');
      const hits = await searchFiles(db, USER, fileIds, q.question, LIMIT, vector);
      out.push(
        rankOf(
          hits.map((h) => h.text),
          q.passage,
        ),
      );
    }
    return out;
  };
  const fullTextRanks = await ranks(false);
  const hybridRanks = await ranks(true);
  /** The score of each kind of question, to see which kind the misses come from. */
  const byKind = (all: (number | null)[]) => {
    const kinds = [...new Set(questions.map((q) => q.kind))].sort();
    return Object.fromEntries(
      kinds.map((kind) => [
        kind,
        scoreRanks(
          all.filter((_, i) => questions[i]!.kind === kind),
          K,
        ),
      ]),
    );
  };
  /** The questions whose passage was not in the top K, with where it was. */
  const misses = (all: (number | null)[]) =>
    questions.flatMap((q, i) =>
      all[i] === null || all[i]! > K ? [{ question: q.question, rank: all[i] }] : [],
    );
  /** Recall at K and MRR, with recall at 1 beside them (see the note on the set's size above). */
  const score = (all: (number | null)[]) => ({
    ...scoreRanks(all, K),
    recallAt1: scoreRanks(all, 1).recallAtK,
  });
  const fullText = score(fullTextRanks);
  const fullTextSharingAWord = score(fullTextRanks.filter((_, i) => sharesAWord[i]));
  const hybrid = score(hybridRanks);
  const result = {
    bench: 'file-retrieval',
    documents: documents.length,
    chunks,
    questions: questions.length,
    k: K,
    embeddings: 'llm-sim sim-embed: hashed bag of words (lexical), so hybrid is a floor',
    questionsSharingNoWord: questions.filter((_, i) => !sharesAWord[i]).map((q) => q.question),
    fullText,
    fullTextSharingAWord,
    hybrid,
    fullTextByKind: byKind(fullTextRanks),
    hybridByKind: byKind(hybridRanks),
    fullTextMisses: misses(fullTextRanks),
    hybridMisses: misses(hybridRanks),
    goals: GOALS,
  };
  console.log(
    JSON.stringify({
      ...result,
      pass:
        fullTextSharingAWord.recallAtK >= GOALS.fullTextRecallAt5SharingAWord &&
        hybrid.recallAtK >= GOALS.hybridRecallAt5,
    }),
  );
  console.error(
    `goal: full-text recall@${K} ≥ ${GOALS.fullTextRecallAt5SharingAWord} on questions sharing a word with their passage ` +
      `(got ${fullTextSharingAWord.recallAtK}, recall@1 ${fullTextSharingAWord.recallAt1}, MRR ${fullTextSharingAWord.mrr}; ` +
      `all questions ${fullText.recallAtK}, MRR ${fullText.mrr}); ` +
      `hybrid recall@${K} ≥ ${GOALS.hybridRecallAt5} (got ${hybrid.recallAtK}, recall@1 ${hybrid.recallAt1}, MRR ${hybrid.mrr})`,
  );
} finally {
  await handle.close();
  await sim.close();
  await rm(blobDir, { recursive: true, force: true });
}
