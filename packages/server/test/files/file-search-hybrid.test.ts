import { startSimulator, type SimServer } from '@parley/llm-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, runFileSearch, uploadFile } from './file-fixtures.ts';

/** Forty routine paragraphs and one about the foghorn. */
const LOG = Array.from({ length: 40 }, (_, i) =>
  i === 27
    ? 'Paragraph 27. The harbour foghorn sounds twice a minute whenever visibility drops below a mile.'
    : `Paragraph ${i}. ${'Routine maintenance notes about ropes, paint and the supply boat. '.repeat(4)}`,
).join('\n\n');

const NO_PGVECTOR = 'this PostgreSQL server has no pgvector: file search is full-text only here';

type Found = { results: { filename: string; content: string; relevance: number }[]; message?: string };

/**
 * File search with an embeddings provider (the simulator's hashed bag-of-words vectors). On the
 * embedded database, and on a PostgreSQL server that has pgvector, chunks get vectors and search
 * fuses full-text rank with vector similarity. A PostgreSQL server without pgvector (Debian's)
 * keeps file search full-text only and still starts: that is what this suite checks there.
 */
describe('file search with embeddings', () => {
  let sim: SimServer;
  let server: TestServer;
  let ann: TestUser;
  let vectors: boolean;
  beforeAll(async () => {
    sim = await startSimulator();
    server = await startTestServer({
      env: {
        FILE_UPLOAD_USER_MAX: '1000',
        EMBEDDINGS_URL: `${sim.url}/v1`,
        EMBEDDINGS_MODEL: 'sim-embed',
        EMBEDDINGS_DIMENSIONS: '256',
        EMBEDDINGS_TIMEOUT_MS: '1500',
      },
    });
    ann = await createTestUser(server);
    const offered = await server.ctx.db.execute(
      sql`select 1 from pg_available_extensions where name = 'vector'`,
    );
    vectors = (offered as unknown as { rows: unknown[] }).rows.length > 0;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await sim?.close();
  });

  const search = (conversationId: string, query: string) =>
    runFileSearch<Found>(server, ann.id, conversationId, query);
  const vectorCount = async (fileId: string) => {
    const result = await server.ctx.db.execute(
      sql`select count(*)::int as n from file_chunks where file_id = ${fileId} and embedding is not null`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('uses vectors where the database has pgvector, and stays full-text only where it has none', () => {
    if (server.ctx.dbKind === 'pglite') expect(vectors).toBe(true);
    expect(server.ctx.fileEmbeddings !== undefined).toBe(vectors);
  });

  it('stores a vector per chunk and finds a passage that shares only some of the query’s words', async () => {
    const res = await uploadFile(server, ann, LOG, 'keeper-log.md', {
      type: 'text/markdown',
      fields: { conversationId: 'conv-h' },
    });
    expect(res.status).toBe(201);
    const doc = await jsonOf(res);
    expect(doc).toMatchObject({ embedded: true, message: 'File uploaded and processed successfully' });
    // "zeppelin" is in no passage: full text alone finds the passage by the words it does hold
    // (its tiers drop a word when every word finds nothing), and vectors find it as well.
    const query = 'foghorn visibility zeppelin';
    const found = await search('conv-h', query);
    if (!vectors) {
      expect(found.results[0]!.content).toContain('harbour foghorn sounds twice a minute');
      return;
    }
    expect(await vectorCount(doc.file_id)).toBeGreaterThan(5);
    expect(found.results[0]!.content).toContain('harbour foghorn sounds twice a minute');
    // Exact words still count: the full-text hit and the nearest vector are the same passage,
    // so it is ranked first in both lists (1/61 + 1/61).
    const both = await search('conv-h', 'foghorn visibility');
    expect(both.results[0]!.content).toContain('harbour foghorn');
    expect(both.results[0]!.relevance).toBeCloseTo(2 / 61, 4);
  });

  it('writes each vector with its chunk, so the full-text index holds one entry per chunk', async ({
    skip,
  }) => {
    if (!vectors) skip(NO_PGVECTOR);
    const res = await uploadFile(server, ann, `${LOG}\n\nSemaphore flags for the pilot boat.`, 'flags.md', {
      type: 'text/markdown',
      fields: { conversationId: 'conv-flags' },
    });
    const doc = await jsonOf(res);
    expect(await vectorCount(doc.file_id)).toBeGreaterThan(0);
    // Vectors added by an update afterwards left each chunk's old version in the GIN index too,
    // and the index scan then found every chunk twice.
    const plan = await server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain analyze select 1 from file_chunks where search_vector @@ to_tsquery('english', 'semaphore')`,
      );
    });
    const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
      (r) => Object.values(r)[0]!,
    );
    const scan = lines.find((l) => l.includes('Bitmap Index Scan on file_chunks_search_idx'));
    expect(scan, lines.join('\n')).toMatch(/actual time=[\d.]+\.\.[\d.]+ rows=1(\.0+)? /);
  });

  it.for<[string, string, string]>([
    ['answers 500', 'sim-500', 'answered 500'],
    ['answers garbage', 'sim-garbage', 'not a list of embeddings'],
    ['answers JSON of the wrong shape', 'sim-wrong-shape', 'not a list of embeddings'],
    ['answers vectors of the wrong length', 'sim-wrong-dimensions', 'vectors of 255 numbers'],
    ['answers 20 MB', 'sim-huge', 'larger than'],
    ['never answers', 'sim-timeout', 'did not answer within 1.5 s'],
  ])(
    'indexes for full-text search only, and says so, when the provider %s',
    { timeout: 20_000 },
    async ([, word, reason], { skip }) => {
      if (!vectors) skip(NO_PGVECTOR);
      const text = `Tide tables for the lighthouse keeper. ${word}\n\n${LOG}`;
      const res = await uploadFile(server, ann, text, `tides-${word}.md`, {
        type: 'text/markdown',
        fields: { conversationId: `conv-${word}` },
      });
      expect(res.status).toBe(201);
      const doc = await jsonOf(res);
      expect(doc.embedded).toBe(true);
      expect(doc.message).toContain('indexed for full-text search only');
      expect(doc.message).toContain(reason);
      expect(await vectorCount(doc.file_id)).toBe(0);
      const found = await search(`conv-${word}`, 'foghorn visibility');
      expect(found.results[0]!.content).toContain('harbour foghorn');
    },
  );

  it('falls back to full text when the provider fails for the query', async ({ skip }) => {
    if (!vectors) skip(NO_PGVECTOR);
    // The query's own trouble word makes the provider answer 500; full text alone still answers,
    // with the passage holding "foghorn" ("sim" and "500" are in no passage). Its score is full
    // text's (words held, at least 1), not a fused rank (at most 2 / 61).
    const [found] = (await search('conv-h', 'foghorn sim-500')).results;
    expect(found!.content).toContain('harbour foghorn');
    expect(found!.relevance).toBeGreaterThanOrEqual(1);
    const [fused] = (await search('conv-h', 'foghorn')).results;
    expect(fused!.content).toContain('harbour foghorn');
    expect(fused!.relevance).toBeLessThan(0.05);
  });
});
