import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * A hot statement's SQL text, built by Drizzle once per shape (which columns it writes) and run
 * with each request's values through Drizzle's placeholders. Building a chat's two writes with
 * Drizzle cost the event loop about 0.44 ms per stream (measured alone, 1,000 streams): its SQL
 * builder walks every column of the tables each time, for a text that is the same every time.
 * Values are still turned into the driver's (JSON, timestamps) by each column's own mapping,
 * when the placeholders are filled; the driver (PGlite or PostgreSQL) answers as `db.execute` does.
 */

type Run = (values: Record<string, unknown>) => Promise<unknown>;

/** Drizzle's internals `db.execute` uses: the SQL dialect and the driver's session. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: undefined,
      isResponseInArrayMode: boolean,
    ): {
      execute(values: Record<string, unknown>): Promise<unknown>;
      mapResult(result: unknown, isFromBatch: boolean): unknown;
    };
  };
}

const built = new WeakMap<Database, Map<string, Run>>();

/**
 * Runs the statement `build` makes, built on the first call for `shape` on this database and
 * reused after: `build` must give the same SQL for the same shape, with every request's value a
 * placeholder (see `placeholders`).
 */
export function runBuiltOnce(
  db: Database,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  let run = statements.get(shape);
  if (!run) {
    const { dialect, session } = db as unknown as DrizzleInternals;
    const prepared = session.prepareQuery(dialect.sqlToQuery(build()), undefined, undefined, false);
    run = async (v) => prepared.mapResult(await prepared.execute(v), true);
    statements.set(shape, run);
  }
  return run(values);
}

/**
 * A row's defined fields as placeholders named `prefix` + field (what a builder writes), their
 * values under the same names (what a run fills in), and the row's shape (its defined fields).
 * An undefined field is left out, as Drizzle leaves it out (the column's default).
 * Typed as the row itself: Drizzle's builders take a placeholder wherever they take a value.
 */
export function placeholders<T extends object>(
  prefix: string,
  row: T,
): { fields: T; values: Record<string, unknown>; shape: string } {
  const fields: Record<string, Placeholder | null> = {};
  const values: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    // A null is written as it is (Drizzle maps no null through a column), and is part of the shape.
    if (value === null) {
      fields[key] = null;
      keys.push(`${key}=null`);
      continue;
    }
    fields[key] = sql.placeholder(prefix + key);
    values[prefix + key] = value;
    keys.push(key);
  }
  return {
    fields: fields as T,
    values,
    shape: `${prefix}${keys.sort().join(',')}`,
  };
}
