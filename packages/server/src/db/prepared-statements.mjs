// @ts-check
// Writes the server sends again and again (a chat's two writes above all) run as PostgreSQL
// prepared statements in the embedded database's thread (pglite-worker.mjs).
//
// PGlite's `query` sends each statement through six protocol steps, each a call into its
// WebAssembly (parse, describe the parameters, bind, describe the result, execute, sync), and
// PostgreSQL parses and analyses the text every time. A statement prepared once under a name runs
// as one call (bind, describe, execute, sync in one message) and skips the parse: about half the
// database thread's CPU per statement (0.47–0.73 → 0.25–0.31 ms for a message insert, measured
// in-process on PGlite 0.5).
//
// Plain JavaScript, like the worker that imports it.
import { protocol, parse } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Only writes are prepared (INSERT, UPDATE, DELETE, alone or in a WITH): their plans are the
 * same whatever the parameters (a VALUES list, a key lookup), so PostgreSQL's cached generic
 * plan costs nothing. A read's best plan can depend on its parameters (a full-text search's
 * terms, a user's number of rows), and a read keeps being planned for its own parameters.
 */
const WRITE = /^\s*(?:insert|update|delete)\b|^\s*with\b[\s\S]*\b(?:insert\s+into|update|delete\s+from)\b/i;

/** A write is prepared the second time its text is seen: one-off texts stay unprepared. */
const PREPARE_AT = 2;
/**
 * At most this many named statements live in the database's memory (WebAssembly memory, which
 * never shrinks); past it the one used longest ago is closed to make room.
 */
const MAX_PREPARED = 256;
/** Texts counted towards PREPARE_AT; the count starts over when it is full. */
const MAX_COUNTED = 4096;
/**
 * A text with more parameters than this is never prepared: such texts are bulk writes (a fork's
 * many rows, a long `IN` list), each length its own text and seldom repeated, and their plans are
 * large.
 */
const MAX_PARAMETERS = 64;

/** @param {Uint8Array[]} parts */
function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

/**
 * PostgreSQL refuses a prepared statement whose result columns changed under it (a table
 * altered after it was prepared): SQLSTATE 0A000, "cached plan must not change result type".
 * @param {unknown} error
 */
function isStalePlan(error) {
  const e = /** @type {{ code?: unknown; message?: unknown }} */ (error);
  return e?.code === '0A000' && /cached plan/.test(String(e.message));
}

/**
 * `query`, with a write's text prepared once it repeats. Answers exactly what PGlite's `query` answers
 * (the same serializers for parameters, the same parsers and row mode for results).
 */
export class PreparedStatements {
  /** @type {Map<string, { name: string; parameterTypes: number[] }>} */
  #prepared = new Map();
  /** @type {Map<string, number>} */
  #seen = new Map();
  #names = 0;

  /** @param {import('@electric-sql/pglite').PGlite} db */
  constructor(db) {
    this.db = db;
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @param {{ rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, type: number) => unknown> }} options
   */
  async query(sql, params, options) {
    if (!this.#prepared.has(sql) && !this.#wantsPrepared(sql, params))
      return this.db.query(sql, params, options);
    try {
      return await this.#run(sql, params, options);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // Nothing ran, and #run closed the statement: the text runs as it reads against the altered
      // table (and is prepared afresh when it repeats).
      try {
        return await this.db.query(sql, params, options);
      } catch (retryError) {
        // Inside a transaction the refused statement aborted it (25P02 "current transaction is
        // aborted"): the cause to report is the stale plan.
        if (/** @type {{ code?: unknown }} */ (retryError)?.code === '25P02') throw error;
        throw retryError;
      }
    }
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   */
  #wantsPrepared(sql, params) {
    if (params.length > MAX_PARAMETERS || !WRITE.test(sql)) return false;
    if (this.#seen.size >= MAX_COUNTED) this.#seen.clear();
    const count = (this.#seen.get(sql) ?? 0) + 1;
    this.#seen.set(sql, count);
    return count >= PREPARE_AT;
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @param {{ rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, type: number) => unknown> }} options
   */
  async #run(sql, params, options) {
    const db = /** @type {any} */ (this.db);
    // The same steps as PGlite's own `query`, in the same order: refused once the database is
    // closing, then its transaction lock and its query lock. The worker calls statements in the
    // client's order, and PGlite keeps that order only among calls that take these steps alike;
    // inside the locks no other statement's protocol steps come in between.
    await db._checkReady();
    return db._runExclusiveTransaction(async () =>
      db._runExclusiveQuery(async () => {
        const statement = await this.#prepare(sql);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = statement.parameterTypes[i] ?? 0;
          const serializer = db.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        try {
          const { messages } = await db.execProtocol(
            concat([serialize.bind({ statement: statement.name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
          );
          return parse.parseResults(messages, db.parsers, options)[0];
        } catch (error) {
          // Closed while the locks are still held, so no other statement's steps interleave.
          if (isStalePlan(error)) await this.#close(sql);
          throw error;
        }
      }),
    );
  }

  /**
   * The named statement of `sql`, prepared now if it is not yet (closing the one used longest ago
   * when MAX_PREPARED live). Runs inside the query lock.
   * @param {string} sql
   */
  async #prepare(sql) {
    const known = this.#prepared.get(sql);
    if (known) {
      // Map order is use order: the first entry is the one used longest ago.
      this.#prepared.delete(sql);
      this.#prepared.set(sql, known);
      return known;
    }
    if (this.#prepared.size >= MAX_PREPARED) await this.#close(this.#prepared.keys().next().value);
    const name = `parley_${++this.#names}`;
    const { messages } = await /** @type {any} */ (this.db).execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC]),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(sql, statement);
    this.#seen.delete(sql);
    return statement;
  }

  /**
   * Closes the named statement of `sql` in the database and forgets it. Runs inside the query
   * lock.
   * @param {string | undefined} sql
   */
  async #close(sql) {
    const statement = sql === undefined ? undefined : this.#prepared.get(sql);
    if (!statement || sql === undefined) return;
    this.#prepared.delete(sql);
    await /** @type {any} */ (this.db)
      .execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), SYNC]))
      .catch(() => undefined);
  }
}
