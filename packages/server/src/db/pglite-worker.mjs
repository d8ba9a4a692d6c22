// @ts-check
// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: every
// statement runs synchronously on the thread that owns it, file I/O included. Owning it here
// keeps that work off the server's event loop (see db/pglite-worker-client.ts, the other side).
//
// Plain JavaScript on purpose: a worker starts with a bare module loader (no tsx, no vitest
// transform), so this file must run as it is.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.mjs';
import { PreparedStatements } from './prepared-statements.mjs';

if (!parentPort) throw new Error('pglite-worker.mjs runs only as a worker thread');
const port = parentPort;

/** @type {(value: unknown) => unknown} */
const keepText = (value) => value;

/** @param {number[] | undefined} oids */
function parsersFor(oids) {
  if (!oids || oids.length === 0) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, keepText]));
}

/** PGlite's DatabaseError carries code, detail, constraint…: send every own field, not just the text. */
function describeError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  /** @type {Record<string, unknown>} */
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

// PostgreSQL's shared_buffers live inside PGlite's WebAssembly memory, which never shrinks: PGlite's
// default 128 MB became ~150 MB of resident memory once a large database had been read. The data
// files stay in the OS page cache either way, so a smaller pool mostly costs copies, not disk reads
// (import benchmark: baseline RSS ~570 → ~435 MB; open/search p95 27 → 31 / 14 → 17 ms).
// The whole pool is written when the database opens, so it is resident from the start: the
// resident part of the WebAssembly memory of a restarted, idle database is 47 MB at 32 MB, 29 MB
// at 16 MB. 16 MB keeps an idle server under its 300 MB goal, and the open/search figures on the
// 1,000,000-message database did not change from 32 MB (docs/architecture.md).
const db = await PGlite.create(workerData.location, {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: PGLITE_EXTENSIONS,
  // A restore: the cluster comes from a backup's dump (dumpDataDir below) instead of initdb.
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
});

const statements = new PreparedStatements(db);

/**
 * This thread's share of the process's memory (benchmarks): PGlite's WebAssembly memory (the
 * database's shared buffers, caches and working memory; it grows and never shrinks) and this
 * thread's own JavaScript heap and buffers, which the main thread's process.memoryUsage() does not
 * include.
 */
function memory() {
  const usage = process.memoryUsage();
  return {
    wasmBytes: db.mod?.wasmMemory?.buffer.byteLength ?? 0,
    heapUsedBytes: usage.heapUsed,
    heapTotalBytes: usage.heapTotal,
    externalBytes: usage.external,
    arrayBuffersBytes: usage.arrayBuffers,
  };
}

/** Replies finished in the same tick go back as one message (see the client's outbox). */
/** @type {object[]} */
let outbox = [];
function reply(/** @type {object} */ message) {
  outbox.push(message);
  if (outbox.length === 1)
    queueMicrotask(() => {
      const batch = outbox;
      outbox = [];
      port.postMessage(batch);
    });
}

async function handle(/** @type {any} */ request) {
  try {
    if (request.op === 'query') {
      const result = await statements.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.rawTypes),
      });
      reply({ id: request.id, result });
    } else if (request.op === 'exec') {
      reply({ id: request.id, result: await db.exec(request.sql) });
    } else if (request.op === 'dump') {
      // The whole cluster as a gzipped tar, taken while no statement runs (PGlite holds its own
      // lock for it): a consistent copy, as after a clean stop, of a database still in use.
      const dump = await db.dumpDataDir('gzip');
      reply({ id: request.id, result: new Uint8Array(await dump.arrayBuffer()) });
    } else if (request.op === 'memory') {
      reply({ id: request.id, result: memory() });
    } else if (request.op === 'close') {
      await db.close();
      reply({ id: request.id, result: null });
    } else {
      throw new Error(`unknown database request ${String(request.op)}`);
    }
  } catch (error) {
    reply({ id: request.id, error: describeError(error) });
  }
}

// PGlite runs statements in the order they are called, so a batch keeps the client's order.
port.on('message', (/** @type {any[]} */ batch) => {
  for (const request of batch) void handle(request);
});

port.postMessage({ ready: true });
