import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { fuseByRank, RRF_K, searchFiles, TEXT_CANDIDATES } from '../../src/services/files/file-search.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { seedIndexedFile } from './indexed-file-seed.ts';

/**
 * Full-text file search ranks only the first TEXT_CANDIDATES chunks that match (found through the
 * GIN index), so a very common word costs the same as a rare one. Run on both databases.
 */
describe('file search over more matches than it ranks', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const common = TEXT_CANDIDATES + 50;

  const addFile = (userId: string, fileId: string, texts: string[]) =>
    seedIndexedFile(handle.db, { userId, fileId, texts });

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({
      dataDir: 'memory://',
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      ...(database.memoryClusterDump ? { memoryClusterDump: database.memoryClusterDump } : {}),
    });
    await handle.db.insert(users).values([
      { id: 'fs-ann', name: 'Ann', email: 'fs-ann@example.com' },
      { id: 'fs-bob', name: 'Bob', email: 'fs-bob@example.com' },
    ]);
    // Bob's matches are stored first: they must not take the places of Ann's candidates.
    await addFile(
      'fs-bob',
      'fs-bob-notes',
      Array.from({ length: common }, () => 'water water water lighthouse'),
    );
    // Ann's manual: every chunk says "water" once, and the one past the ranked candidates says it
    // three times, next to the only "lighthouse".
    await addFile(
      'fs-ann',
      'fs-ann-manual',
      Array.from({ length: common }, (_, i) =>
        i === common - 1
          ? `Chunk ${i}: water water water by the lighthouse.`
          : `Chunk ${i}: pumps move water through the hull.`,
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('answers a word found in more chunks than it ranks with the caller’s passages that hold it', async () => {
    const hits = await searchFiles(handle.db, 'fs-ann', ['fs-ann-manual', 'fs-bob-notes'], 'water', 8);
    expect(hits).toHaveLength(8);
    for (const hit of hits) {
      expect(hit.fileId).toBe('fs-ann-manual');
      expect(hit.text).toContain('water');
    }
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('ranks only the first matches of a common word, and a second word reaches the others', async () => {
    // The chunk with "water" three times would rank first, but it is past the ranked candidates.
    const plain = await searchFiles(handle.db, 'fs-ann', ['fs-ann-manual'], 'water', 8);
    expect(plain).toHaveLength(8);
    expect(plain.some((h) => h.text.includes('lighthouse'))).toBe(false);
    // A second word finds the chunk holding both first, even past the common word's candidates;
    // passages holding one of the words follow it.
    const narrowed = await searchFiles(handle.db, 'fs-ann', ['fs-ann-manual'], 'water lighthouse', 8);
    expect(narrowed).toHaveLength(8);
    expect(narrowed[0]).toMatchObject({ fileId: 'fs-ann-manual', filename: 'fs-ann-manual.txt' });
    expect(narrowed[0]!.text).toContain('by the lighthouse');
    expect(narrowed[0]!.score).toBeGreaterThan(narrowed[1]!.score + 0.5);
  });

  it('finds the passage holding a question’s rare word even when its other words are in every chunk', async () => {
    // No chunk holds "harbour" or "keeper", so neither every word nor every word but one matches;
    // "water" is in every chunk and "lighthouse" in one, past the common word's first candidates.
    const hits = await searchFiles(
      handle.db,
      'fs-ann',
      ['fs-ann-manual'],
      'water by the lighthouse harbour keeper',
      8,
    );
    expect(hits[0]!.text).toContain('by the lighthouse');
  });

  it('never ranks another user’s chunks, even when the caller names their file', async () => {
    expect(await searchFiles(handle.db, 'fs-ann', ['fs-bob-notes'], 'water', 8)).toEqual([]);
    expect(await searchFiles(handle.db, 'fs-bob', ['fs-ann-manual'], 'lighthouse', 8)).toEqual([]);
  });
});

describe('reciprocal rank fusion', () => {
  const hit = (file_id: string, position: number) => ({ file_id, position, score: 0 });

  it('puts a passage both lists found above passages found by one, ties by file then place', () => {
    const fused = fuseByRank([
      [hit('b', 4), hit('a', 1)],
      [hit('a', 1), hit('c', 0)],
    ]);
    expect(fused.map((r) => `${r.file_id}:${r.position}`)).toEqual(['a:1', 'b:4', 'c:0']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 10);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 1), 10);
    // Equal scores: the earlier file, then the earlier place.
    const tied = fuseByRank([[hit('z', 0)], [hit('y', 3)], [hit('y', 1)]]);
    expect(tied.map((r) => `${r.file_id}:${r.position}`)).toEqual(['y:1', 'y:3', 'z:0']);
  });

  it('answers nothing for no lists', () => {
    expect(fuseByRank([])).toEqual([]);
    expect(fuseByRank([[], []])).toEqual([]);
  });
});
