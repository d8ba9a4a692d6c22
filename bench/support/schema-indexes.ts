// The benchmark database is bulk-loaded without its messages indexes and indexed afterwards (much
// faster than row by row). The indexes it builds must be the ones the migrations create, or the
// planner answers the benchmark's queries with other plans than it would in a real database: the
// cache once carried `messages_user_updated_idx` as DESC NULLS LAST while the migrations had made
// it DESC NULLS FIRST, so no newest-first search could walk it, and a search for a common word
// took 200–500 ms instead of ~10. The definitions are therefore read from a freshly migrated
// in-memory database, never written out by hand.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../packages/server/src/db/client.ts';
import { PGLITE_EXTENSIONS } from '../../packages/server/src/db/pglite-extensions.mjs';

/** Index name → `CREATE INDEX …` as PostgreSQL prints it (`pg_indexes.indexdef`). */
export type IndexDefinitions = Map<string, string>;

/** The secondary indexes of `table` (its primary key left out) in `client`'s database. */
export async function tableIndexes(client: PGlite, table: string): Promise<IndexDefinitions> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = $1 and not x.indisprimary`,
    [table],
  );
  return new Map(rows.map((row) => [row.indexname, row.indexdef]));
}

/** The secondary indexes the migrations give `table`, read from a fresh in-memory database. */
export async function migratedIndexes(table: string): Promise<IndexDefinitions> {
  const fresh = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(fresh), { migrationsFolder: MIGRATIONS_FOLDER });
    return await tableIndexes(fresh, table);
  } finally {
    await fresh.close();
  }
}

/**
 * Makes `table`'s secondary indexes in `client` exactly `wanted`: a missing one is created, one
 * whose definition differs is dropped and created again, an extra one is left alone. Answers the
 * names it (re)built, so the caller knows whether planner statistics need refreshing.
 */
export async function matchIndexes(
  client: PGlite,
  table: string,
  wanted: IndexDefinitions,
): Promise<string[]> {
  const present = await tableIndexes(client, table);
  const rebuilt: string[] = [];
  for (const [name, definition] of wanted) {
    if (present.get(name) === definition) continue;
    if (present.has(name)) await client.exec(`drop index "${name}"`);
    await client.exec(definition);
    rebuilt.push(name);
  }
  return rebuilt;
}
