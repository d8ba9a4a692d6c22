import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from './pglite-worker-client.ts';

describe('PgliteWorkerClient (PGlite in a worker thread)', () => {
  let db: PgliteWorkerClient;
  beforeAll(async () => {
    db = await PgliteWorkerClient.start('memory://');
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, at timestamptz)');
  });
  afterAll(() => db.close());

  it('answers rows in either row mode and keeps the text of types Drizzle parses itself', async () => {
    await db.query('INSERT INTO items VALUES ($1, $2)', [1, '2026-01-02T03:04:05Z']);
    const asObjects = await db.query('SELECT id, at FROM items WHERE id = $1', [1], { rowMode: 'object' });
    expect(asObjects.rows).toEqual([{ id: 1, at: expect.any(Date) }]);
    const TIMESTAMPTZ = 1184;
    const asArrays = await db.query('SELECT id, at FROM items WHERE id = $1', [1], {
      rowMode: 'array',
      parsers: { [TIMESTAMPTZ]: (v: string) => v },
    });
    expect(asArrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  });

  it("passes PostgreSQL's error fields (code, constraint) across the thread", async () => {
    const error = await db.query('INSERT INTO items VALUES (1, now())').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });

  it('commits a transaction, rolls back one that throws, and keeps other statements out of it', async () => {
    let seenDuring: unknown;
    const outside = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES (10, now())');
      // Issued outside the transaction while it runs: it must wait for COMMIT.
      seenDuring = db.query('SELECT count(*)::int AS n FROM items WHERE id >= 10', [], { rowMode: 'object' });
      await tx.query('INSERT INTO items VALUES (11, now())');
    });
    await outside;
    expect((await (seenDuring as Promise<{ rows: { n: number }[] }>)).rows[0]!.n).toBe(2);

    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (20, now())');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = await db.query('SELECT count(*)::int AS n FROM items WHERE id = 20', [], {
      rowMode: 'object',
    });
    expect(after.rows).toEqual([{ n: 0 }]);
  });

  it('runs transactions one at a time', async () => {
    const order: string[] = [];
    const run = (name: string) =>
      db.transaction(async (tx) => {
        order.push(`${name} begin`);
        await tx.query('SELECT pg_sleep(0.02)');
        order.push(`${name} end`);
      });
    await Promise.all([run('a'), run('b')]);
    expect(order).toEqual(['a begin', 'a end', 'b begin', 'b end']);
  });

  it('keeps the PostgreSQL page cache small (it lives in WebAssembly memory, which never shrinks)', async () => {
    const { rows } = await db.query('SHOW shared_buffers', [], { rowMode: 'object' });
    expect(rows).toEqual([{ shared_buffers: '32MB' }]);
  });

  it('refuses statements after close', async () => {
    const other = await PgliteWorkerClient.start('memory://');
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/stopped/);
  });
});
