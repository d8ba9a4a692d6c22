import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, runFileSearch, uploadFile } from './file-fixtures.ts';

/** A long document: 60 paragraphs, one of which alone talks about the harbour's foghorn. */
function longDocument(): string {
  return Array.from({ length: 60 }, (_, i) =>
    i === 41
      ? 'Paragraph 41. The harbour foghorn sounds twice a minute whenever visibility drops below a mile.'
      : `Paragraph ${i}. ${'Routine maintenance notes about ropes, paint and the supply boat. '.repeat(4)}`,
  ).join('\n\n');
}

describe('documents and file search', () => {
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '1000' } });
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const chunksOf = async (fileId: string) =>
    (await server.ctx.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileId, fileId)))[0]!.n;
  const search = (user: TestUser, conversationId: string, query: unknown) =>
    runFileSearch<{
      results: { filename: string; content: string; citation: number; chunk: number }[];
    }>(server, user.id, conversationId, query);

  it('indexes text documents on upload and finds passages only in the caller’s files of the conversation', async () => {
    const res = await uploadFile(server, ann, longDocument(), 'keeper-log.md', {
      type: 'text/markdown',
      fields: { conversationId: 'conv-a' },
    });
    expect(res.status).toBe(201);
    const doc = await jsonOf(res);
    expect(doc.embedded).toBe(true);
    expect(await chunksOf(doc.file_id)).toBeGreaterThan(3);
    const csv = await jsonOf(
      await uploadFile(server, ann, 'vessel,arrival\nMarguerite,foghorn drill\n', 'arrivals.csv', {
        type: 'text/csv',
        fields: { conversationId: 'conv-a' },
      }),
    );
    expect(csv.embedded).toBe(true);

    const found = await search(ann, 'conv-a', 'foghorn visibility');
    expect(found.results[0]).toMatchObject({ filename: 'keeper-log.md', citation: 1 });
    expect(found.results[0]!.content).toContain('harbour foghorn sounds twice a minute');
    const either = await search(ann, 'conv-a', 'foghorn');
    expect(either.results.map((r) => r.filename).sort()).toEqual(['arrivals.csv', 'keeper-log.md']);

    // Another conversation, another user, or a query that matches nothing: no passage.
    expect((await search(ann, 'conv-b', 'foghorn')).results).toEqual([]);
    expect((await search(bob, 'conv-a', 'foghorn')).results).toEqual([]);
    expect(await search(ann, 'conv-a', 'zeppelin')).toMatchObject({
      results: [],
      message: expect.any(String),
    });
  });

  it('finds a passage that holds only some of a question’s words, the one holding most first', async () => {
    const notes = [
      'The rangers walked the northern plain at dawn.',
      'By noon the herd counted 14 zebras near the river.',
      'Zebras graze in the afternoon heat.',
      'The herd moved north after the rains.',
    ].join('\n\n');
    await uploadFile(server, ann, notes, 'safari.txt', {
      type: 'text/plain',
      fields: { conversationId: 'conv-zebra' },
    });
    // "many" is in no passage, "zebras" and "count" are plurals and inflections of the passage's words.
    const found = await search(ann, 'conv-zebra', 'How many zebras did the herd count?');
    expect(found.results[0]!.content).toContain('the herd counted 14 zebras');
    // A number and one word missing from the question still find it.
    const byNumber = await search(ann, 'conv-zebra', 'which animals numbered 14 by the river');
    expect(byNumber.results[0]!.content).toContain('the herd counted 14 zebras');
    // A word no passage holds still finds nothing.
    expect((await search(ann, 'conv-zebra', 'giraffes')).results).toEqual([]);
  });

  it('refuses an empty or oversized query before searching', async () => {
    await expect(search(ann, 'conv-a', '   ')).rejects.toThrow('query is required');
    await expect(search(ann, 'conv-a', 'x'.repeat(1001))).rejects.toThrow('at most 1000');
    // Search syntax in the text is data, not SQL: the table is still there and still searched.
    await search(ann, 'conv-a', `'); drop table file_chunks; --`);
    expect((await search(ann, 'conv-a', 'foghorn visibility')).results).not.toEqual([]);
  });

  it('leaves pictures unindexed and deleting a document removes its chunks', async () => {
    const list = await jsonOf(await server.api('/api/files', { token: ann.token }));
    const doc = list.find((f: { filename: string }) => f.filename === 'keeper-log.md');
    expect(await chunksOf(doc.file_id)).toBeGreaterThan(0);
    // Bob cannot delete it, and its chunks stay.
    const refused = await server.api('/api/files', {
      method: 'DELETE',
      token: bob.token,
      json: { files: [{ file_id: doc.file_id }] },
    });
    expect(refused.status).toBe(404);
    expect(await chunksOf(doc.file_id)).toBeGreaterThan(0);
    const deleted = await server.api('/api/files', {
      method: 'DELETE',
      token: ann.token,
      json: { files: [{ file_id: doc.file_id }] },
    });
    expect(deleted.status).toBe(200);
    expect(await chunksOf(doc.file_id)).toBe(0);
    expect(
      (await search(ann, 'conv-a', 'harbour foghorn twice')).results.map((r) => r.filename),
    ).not.toContain('keeper-log.md');
  });
});
