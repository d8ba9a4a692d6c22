import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * A conversation. The frequently filtered fields are columns; the rest of the conversation's
 * setup (model parameters, prompt prefix, …) lives in `settings` as the client sent it.
 */
export const conversations = pgTable(
  'conversations',
  {
    conversationId: text('conversation_id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint'),
    endpointType: text('endpoint_type'),
    model: text('model'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Set for temporary chats: the instant after which the cleanup job deletes it. */
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'date' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The import that wrote this conversation (null for chats made here). While that import is
     * listed in `pending_imports` the conversation and its messages are invisible to lists,
     * reads and search.
     */
    importId: text('import_id'),
    /** The project the conversation is in (issue 41); its author still owns it. Deleting the project moves it out. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS FIRST matches a plain `order by … desc` (the default), so the index serves the sorted list.
    index('conversations_user_updated_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.conversationId.desc().nullsFirst(),
    ),
    index('conversations_expired_idx').on(t.expiredAt),
    index('conversations_project_idx')
      .on(t.projectId, t.userId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.projectId} is not null`),
    // Typo-tolerant title search (services/search/fuzzy-text.ts).
    index('conversations_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('conversations_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;
