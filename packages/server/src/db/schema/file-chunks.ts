import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A passage of an uploaded document's text, for file search. The migration adds a stored
 * generated `search_vector` tsvector with a GIN index, left out of this table on purpose (as on
 * messages) so that reading chunks never ships it. When an embeddings provider is configured, the
 * server also adds an `embedding` vector column with an HNSW index at start (chunk-vectors.ts):
 * its width is a setting and pgvector may be missing, so no migration can create it. Deleting the
 * file deletes its chunks.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => files.fileId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chunk's place in the document, from 0. */
    position: integer('position').notNull(),
    /** The PDF page the chunk starts on, from 1; null for documents without pages. */
    page: integer('page'),
    /** The PDF page the chunk ends on (a chunk may run over a page break); null without pages. */
    lastPage: integer('last_page'),
    text: text('text').notNull(),
  },
  (t) => [
    uniqueIndex('file_chunks_file_position_idx').on(t.fileId, t.position),
    index('file_chunks_user_idx').on(t.userId),
  ],
);
export type FileChunkRow = typeof fileChunks.$inferSelect;
export type NewFileChunk = typeof fileChunks.$inferInsert;
