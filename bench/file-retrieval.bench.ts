// Retrieval quality of file search on two sets. The hand-labelled one (bench/fixtures/retrieval):
// five plain-text documents of about 500 words, and questions each labelled with a sentence of the
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
// That set is small: its documents make about 13 chunks, so the top 5 is over a third of them and
// recall@5 says little on its own; recall@1 and MRR (where the passage was ranked) are the
// figures that move when ranking gets better or worse. The generated set
// (bench/support/retrieval-corpus.ts) is the large one: 300 short reports in the 18 formats Parley
// reads, nearly alike on purpose, and 150 questions of known kinds (a third paraphrases sharing no
// word with their answer sentence, a fifth with a typo, a fifth with numbers in words or other
// inflections). Its indexing time is the ingestion throughput the benchmark reports.
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
import {
  docxDocument,
  epubDocument,
  odfDocument,
  pdfDocument,
  pptxDocument,
  rtfDocument,
  xlsxDocument,
} from '../packages/server/test/files/document-fixtures.ts';
import { retrievalCorpus, type CorpusDocument, type FormatWriters } from './support/retrieval-corpus.ts';
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
  /** The document holding it, where the set says (the generated set does). */
  document?: string;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** The generated set's formats, written by the API tests' own fixture writers. */
const WRITERS: FormatWriters = {
  pdf: (pages) => pdfDocument(pages),
  docx: (paragraphs) => docxDocument(paragraphs),
  xlsx: (rows) => xlsxDocument([{ name: 'Report', rows }]),
  pptx: (paragraphs) => pptxDocument(paragraphs.map((p) => ({ paragraphs: [[p]] }))),
  odt: (paragraphs) => odfDocument('text', paragraphs.map((p) => `<text:p>${xml(p)}</text:p>`).join('')),
  ods: (rows) =>
    odfDocument(
      'spreadsheet',
      `<table:table table:name="Report">${rows
        .map(
          (row) =>
            `<table:table-row>${row.map((c) => `<table:table-cell><text:p>${xml(c)}</text:p></table:table-cell>`).join('')}</table:table-row>`,
        )
        .join('')}</table:table>`,
    ),
  odp: (paragraphs) =>
    odfDocument(
      'presentation',
      paragraphs
        .map(
          (p, i) =>
            `<draw:page draw:name="p${i}"><draw:frame><draw:text-box><text:p>${xml(p)}</text:p></draw:text-box></draw:frame></draw:page>`,
        )
        .join(''),
    ),
  epub: (title, paragraphs) => epubDocument([{ title, paragraphs }]),
  rtf: (paragraphs) => rtfDocument(paragraphs),
};

const handLabelled = {
  questions: JSON.parse(await readFile(join(FIXTURES, 'questions.json'), 'utf8')) as Question[],
  documents: await Promise.all(
    (await readdir(FIXTURES))
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .map(async (name) => ({ name, type: 'text/plain', bytes: await readFile(join(FIXTURES, name)) })),
  ),
};
const generated = retrievalCorpus(WRITERS);

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

  /** Stores and indexes a set's documents through the real path; its file ids by name, and the time. */
  const ingest = async (set: string, documents: CorpusDocument[]) => {
    const fileIds = new Map<string, string>();
    let chunks = 0;
    const started = performance.now();
    for (const [i, doc] of documents.entries()) {
      const fileId = `${set}-${i}`;
      const storageKey = blobKey(USER, fileId);
      await store.put(storageKey, Readable.from([doc.bytes]), doc.type);
      const [row] = await db
        .insert(files)
        .values({
          fileId,
          userId: USER,
          filename: doc.name,
          storageKey,
          type: doc.type,
          bytes: doc.bytes.length,
          source: 'local',
        })
        .returning();
      const indexed = await indexFile(db, store, row!, embeddings);
      if (indexed.chunks === 0) throw new Error(`${doc.name} gave no text`);
      if (indexed.vectors?.status !== 'stored') throw new Error(`${doc.name} got no vectors`);
      chunks += indexed.chunks;
      fileIds.set(doc.name, fileId);
    }
    const seconds = (performance.now() - started) / 1000;
    const bytes = documents.reduce((sum, d) => sum + d.bytes.length, 0);
    return {
      fileIds,
      chunks,
      ingestion: {
        documents: documents.length,
        seconds: round2(seconds),
        documentsPerSecond: round2(documents.length / seconds),
        kilobytesPerSecond: round2(bytes / 1024 / seconds),
      },
    };
  };

  /** The words full-text search sees in a text: the English configuration's stemmed lexemes. */
  const lexemes = async (text: string) => {
    const result = await db.execute(
      sql`select tsvector_to_array(to_tsvector('english'::regconfig, ${text})) as lexemes`,
    );
    return new Set((result as unknown as { rows: { lexemes: string[] }[] }).rows[0]!.lexemes);
  };

  /**
   * Questions whose labelled sentence is not in their document's indexed text: a reader that
   * lost or garbled it (the generated set names the document; the hand-labelled set does not).
   */
  const unreadPassages = async (questions: Question[], fileIds: Map<string, string>) => {
    const missing: string[] = [];
    for (const q of questions.filter((q) => q.document)) {
      const result = await db.execute(
        sql`select text from file_chunks where file_id = ${fileIds.get(q.document!)!} and user_id = ${USER}`,
      );
      const texts = (result as unknown as { rows: { text: string }[] }).rows.map((r) => r.text);
      if (rankOf(texts, q.passage) === null) missing.push(`${q.document}: ${q.passage}`);
    }
    return missing;
  };

  /** Recall at K and MRR, with recall at 1 beside them (see the note on the set's size above). */
  const score = (all: (number | null)[]) => ({
    ...scoreRanks(all, K),
    recallAt1: scoreRanks(all, 1).recallAtK,
  });

  /** Every figure of one set: full text and hybrid, overall, per kind, and the misses. */
  const scoreSet = async (set: string, documents: CorpusDocument[], questions: Question[]) => {
    const { fileIds, chunks, ingestion } = await ingest(set, documents);
    const ids = [...fileIds.values()];
    // Whether each question shares at least one lexeme with its labelled sentence (the chunk around
    // it may hold more of the question's words, so full text can still find some of the others).
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
        const hits = await searchFiles(db, USER, ids, q.question, LIMIT, vector);
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
        kinds.map((kind) => [kind, score(all.filter((_, i) => questions[i]!.kind === kind))]),
      );
    };
    /** The questions whose passage was not in the top K, with where it was. */
    const misses = (all: (number | null)[]) =>
      questions.flatMap((q, i) =>
        all[i] === null || all[i]! > K ? [{ question: q.question, rank: all[i] }] : [],
      );
    return {
      documents: documents.length,
      chunks,
      questions: questions.length,
      questionsSharingNoWord: sharesAWord.filter((shares) => !shares).length,
      unreadPassages: await unreadPassages(questions, fileIds),
      ingestion,
      fullText: score(fullTextRanks),
      fullTextSharingAWord: score(fullTextRanks.filter((_, i) => sharesAWord[i])),
      hybrid: score(hybridRanks),
      fullTextByKind: byKind(fullTextRanks),
      hybridByKind: byKind(hybridRanks),
      fullTextMisses: misses(fullTextRanks),
      hybridMisses: misses(hybridRanks),
    };
  };

  const handScores = await scoreSet('hand', handLabelled.documents, handLabelled.questions);
  const generatedScores = await scoreSet('generated', generated.documents, generated.questions);
  const meets = (s: typeof handScores) =>
    s.fullTextSharingAWord.recallAtK >= GOALS.fullTextRecallAt5SharingAWord &&
    s.hybrid.recallAtK >= GOALS.hybridRecallAt5;
  console.log(
    JSON.stringify({
      bench: 'file-retrieval',
      k: K,
      embeddings: 'llm-sim sim-embed: hashed bag of words (lexical), so hybrid is a floor',
      handLabelled: handScores,
      generated: { ...generatedScores, fullTextMisses: generatedScores.fullTextMisses.slice(0, 20) },
      goals: GOALS,
      pass: meets(handScores) && meets(generatedScores),
    }),
  );
  for (const [name, s] of [
    ['hand-labelled', handScores],
    ['generated', generatedScores],
  ] as const) {
    console.error(
      `${name} (${s.documents} documents, ${s.questions} questions, ${s.questionsSharingNoWord} sharing no word; ` +
        `indexed at ${s.ingestion.documentsPerSecond} documents/s): full text recall@${K} on questions sharing a word ` +
        `${s.fullTextSharingAWord.recallAtK} (goal ${GOALS.fullTextRecallAt5SharingAWord}, recall@1 ${s.fullTextSharingAWord.recallAt1}, ` +
        `MRR ${s.fullTextSharingAWord.mrr}; all questions ${s.fullText.recallAtK}, MRR ${s.fullText.mrr}); ` +
        `hybrid recall@${K} ${s.hybrid.recallAtK} (goal ${GOALS.hybridRecallAt5}, recall@1 ${s.hybrid.recallAt1}, MRR ${s.hybrid.mrr})`,
    );
  }
} finally {
  await handle.close();
  await sim.close();
  await rm(blobDir, { recursive: true, force: true });
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
