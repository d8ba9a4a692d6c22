import { sql } from 'drizzle-orm';
import { boolean, index, integer, bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One uploaded file. The bytes live in the BlobStore under `storageKey`, a name the server made
 * from the user's id and the file's id; `filename` is what the user called it and is metadata only.
 */
export const files = pgTable(
  'files',
  {
    fileId: text('file_id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The id the browser used for the upload while it ran (echoed back as temp_file_id). */
    tempFileId: text('temp_file_id'),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Sniffed from the bytes (or, for text, checked to be text): never the browser's claim alone. */
    type: text('type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The BlobStore that holds it: `local` or `s3`. */
    source: text('source').notNull(),
    /** True once its text is chunked and indexed for file search. */
    embedded: boolean('embedded').notNull().default(false),
    /** `message_attachment` or `avatar`. */
    context: text('context').notNull().default('message_attachment'),
    endpoint: text('endpoint'),
    toolResource: text('tool_resource'),
    conversationId: text('conversation_id'),
    /** How many sent messages refer to it. */
    usage: integer('usage').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('files_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst())],
);
export type FileRow = typeof files.$inferSelect;
