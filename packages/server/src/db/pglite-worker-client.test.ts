import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnBudget } from '../event-loop/turn-budget.ts';
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
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('hands a burst of replies to the code awaiting them a few milliseconds per event-loop turn', async () => {
    const paced = await PgliteWorkerClient.start('memory://', { budget: new TurnBudget(5) });
    try {
      let done = 0;
      const busy = (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      // Twenty statements sent at once; what follows each reply takes 3 ms of the event loop.
      const all = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          paced.query('SELECT $1::int AS n', [i]).then(() => {
            busy(3);
            done++;
          }),
        ),
      );
      const perTurn: number[] = [];
      let seen = 0;
      while (done < 20) {
        await new Promise((resolve) => setImmediate(resolve));
        perTurn.push(done - seen);
        seen = done;
      }
      await all;
      // Before, all twenty ran in the turn their replies arrived in (60 ms without a pause).
      expect(Math.max(...perTurn)).toBeLessThanOrEqual(6);
      expect(perTurn.filter((n) => n > 0).length).toBeGreaterThan(2);
    } finally {
      await paced.close();
    }
  });

  it('prepares a write the second time it runs (never a read), and answers both as before', async () => {
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body jsonb, at timestamptz, done boolean)');
    const insert = 'INSERT INTO notes VALUES ($1, $2, $3, $4) RETURNING id, body, at, done';
    const select = 'SELECT id, body, at, done FROM notes WHERE id = $1';
    const TIMESTAMPTZ = 1184;
    const at = new Date('2026-01-02T03:04:05Z');
    for (const id of [1, 2, 3]) {
      const inserted = await db.query(insert, [id, { n: id, tags: ['a'] }, at, id % 2 === 0], {
        rowMode: 'object',
      });
      expect(inserted.rows).toEqual([{ id, body: { n: id, tags: ['a'] }, at, done: id % 2 === 0 }]);
      expect(inserted.affectedRows).toBe(1);
      const asArrays = await db.query(select, [id], {
        rowMode: 'array',
        parsers: { [TIMESTAMPTZ]: (v: string) => v },
      });
      expect(asArrays.rows).toEqual([[id, { n: id, tags: ['a'] }, '2026-01-02 03:04:05+00', id % 2 === 0]]);
      expect(asArrays.fields.map((f) => f.name)).toEqual(['id', 'body', 'at', 'done']);
    }
    const prepared = await db.query('SELECT statement FROM pg_prepared_statements', [], { rowMode: 'array' });
    expect(prepared.rows.flat()).toContain(insert);
    expect(prepared.rows.flat()).not.toContain(select);
    // A prepared statement's error carries the same fields, and the next statement runs normally.
    const duplicate = await db.query(insert, [1, null, null, null]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect((await db.query(select, [3], { rowMode: 'object' })).rows).toHaveLength(1);
    // Inside a transaction that rolls back, a prepared insert is undone like any other.
    await db
      .transaction(async (tx) => {
        await tx.query(insert, [4, null, null, null]);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect((await db.query(select, [4], { rowMode: 'object' })).rows).toEqual([]);
  });

  it('runs a prepared write again after its table changed under it', async () => {
    await db.exec('CREATE TABLE shapes (id int PRIMARY KEY)');
    await db.query('INSERT INTO shapes VALUES (1)');
    const touch = 'UPDATE shapes SET id = id WHERE id = $1 RETURNING *';
    await db.query(touch, [1]);
    await db.query(touch, [1]);
    await db.exec('ALTER TABLE shapes ADD COLUMN name text');
    const after = await db.query(touch, [1], { rowMode: 'object' });
    expect(after.rows).toEqual([{ id: 1, name: null }]);
    expect((await db.query(touch, [1], { rowMode: 'object' })).rows).toEqual([{ id: 1, name: null }]);
  });

  it('keeps the order of statements sent together when one of them is prepared', async () => {
    await db.exec('CREATE TABLE slots (id int PRIMARY KEY, owner text)');
    const claim = 'INSERT INTO slots VALUES ($1, $2)';
    await db.query(claim, [100, 'warm']);
    await db.query(claim, [101, 'warm']);
    await db.query(claim, [1, 'old']);
    // Sent in one tick, so in one batch to the worker: the free (unprepared) delete first, then
    // the prepared insert. Had the insert overtaken the delete, it would meet the old row (23505).
    await Promise.all([db.query('DELETE FROM slots WHERE id = $1', [1]), db.query(claim, [1, 'new'])]);
    const rows = await db.query('SELECT owner FROM slots WHERE id = 1', [], { rowMode: 'array' });
    expect(rows.rows).toEqual([['new']]);
  });

  it('holds at most 256 prepared statements, closing the one used longest ago, and never a long one', async () => {
    await db.exec('CREATE TABLE many (id int, n int)');
    const texts = Array.from({ length: 260 }, (_, i) => `UPDATE many SET n = ${i} WHERE id = $1`);
    for (const text of texts) {
      await db.query(text, [1]);
      await db.query(text, [1]);
    }
    const live = async () =>
      (await db.query('SELECT statement FROM pg_prepared_statements', [], { rowMode: 'array' })).rows.flat();
    expect(await live()).toHaveLength(256);
    expect(await live()).toContain(texts[259]);
    expect(await live()).not.toContain(texts[0]);
    // 65 parameters: a bulk write, run as often as it likes, stays unprepared.
    const bulk = `INSERT INTO many VALUES ${Array.from({ length: 33 }, (_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`;
    const values = Array.from({ length: 66 }, (_, i) => i);
    for (let run = 0; run < 3; run++) await db.query(bulk, values);
    expect(await live()).not.toContain(bulk);
  });

  it('answers the stale plan itself when a prepared write meets its changed table inside a transaction', async () => {
    await db.exec('CREATE TABLE forms (id int PRIMARY KEY)');
    await db.query('INSERT INTO forms VALUES (1)');
    const touch = 'UPDATE forms SET id = id WHERE id = $1 RETURNING *';
    await db.query(touch, [1]);
    await db.query(touch, [1]);
    await db.exec('ALTER TABLE forms ADD COLUMN name text');
    const failed = await db.transaction((tx) => tx.query(touch, [1])).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '0A000' });
    // Afterwards it runs, prepared afresh against the table as it is.
    expect((await db.query(touch, [1], { rowMode: 'object' })).rows).toEqual([{ id: 1, name: null }]);
  });

  it('refuses statements after close', async () => {
    const other = await PgliteWorkerClient.start('memory://');
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/stopped/);
  });
});
