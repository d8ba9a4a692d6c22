import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholders, runBuiltOnce } from './built-once.ts';
import type { Database } from './client.ts';

const notes = pgTable('notes', {
  id: text('id').primaryKey(),
  body: jsonb('body'),
  at: timestamp('at', { withTimezone: true }),
  kind: text('kind').notNull().default('plain'),
});

describe('runBuiltOnce', () => {
  let client: PGlite;
  let db: Database;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(
      "CREATE TABLE notes (id text PRIMARY KEY, body jsonb, at timestamptz, kind text NOT NULL DEFAULT 'plain')",
    );
    db = drizzle({ client }) as unknown as Database;
  });
  afterAll(() => client.close());

  const insert = async (row: typeof notes.$inferInsert) => {
    const p = placeholders('n_', row);
    let builds = 0;
    await runBuiltOnce(
      db,
      `note ${p.shape}`,
      () => {
        builds++;
        return db.insert(notes).values(p.fields).getSQL();
      },
      p.values,
    );
    return builds;
  };

  it("builds a statement once per shape and writes each call's own values through the columns' mapping", async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(await insert({ id: 'a', body: { n: 1 }, at, kind: 'x' })).toBe(1);
    expect(await insert({ id: 'b', body: { n: 2, list: [1, 2] }, at, kind: 'y' })).toBe(0);
    // Another shape: a null, and a field left to its default.
    expect(await insert({ id: 'c', body: null, at })).toBe(1);
    expect(await insert({ id: 'd', body: null, at })).toBe(0);
    const rows = await db.execute(sql`select id, body, at, kind from notes order by id`);
    // Drizzle's raw results keep a timestamp's text.
    const stored = '2026-01-02 03:04:05+00';
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 'a', body: { n: 1 }, at: stored, kind: 'x' },
      { id: 'b', body: { n: 2, list: [1, 2] }, at: stored, kind: 'y' },
      { id: 'c', body: null, at: stored, kind: 'plain' },
      { id: 'd', body: null, at: stored, kind: 'plain' },
    ]);
  });

  it('names each placeholder after its field, and tells shapes with a null or a missing field apart', () => {
    const full = placeholders('n_', { id: 'a', body: { n: 1 } });
    expect(full.values).toEqual({ n_id: 'a', n_body: { n: 1 } });
    expect(placeholders('n_', { id: 'b', body: { n: 2 } }).shape).toBe(full.shape);
    expect(placeholders('n_', { id: 'a', body: null }).shape).not.toBe(full.shape);
    expect(placeholders('n_', { id: 'a', body: undefined }).shape).not.toBe(full.shape);
  });
});
