// @ts-check
// The PostgreSQL extensions every embedded database loads. PGlite ships each extension as a bundle
// that must be handed to PGlite.create; `CREATE EXTENSION` then turns it on (a migration or
// db/vector-column.ts). Every place that opens a Parley database with PGlite (the server's worker,
// the benchmarks' bulk loader, tests) uses this one list, or a migration that creates an extension
// would fail there.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

// pgvector (a 50 kB bundle) is always loaded, whether or not embeddings are configured now: a
// database whose chunks once got a vector column must still open after the setting is removed.
// pg_trgm serves typo-tolerant search (migration 0025, services/search/fuzzy-text.ts).
export const PGLITE_EXTENSIONS = { vector, pg_trgm };
