import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's personal API keys for the OpenAI-compatible `/v1/` routes. Only the SHA-256 of the
 * key's secret is kept (the secret is random and long, so a slow hash adds nothing); the key
 * itself is shown once, at creation. A revoked key is deleted: every `/v1/` call reads its row,
 * so it is refused at once on every instance. The usage columns count what the key was used for.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** The public part of the key (it is written into the key), random. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the key's secret part, hex. */
    secretHash: text('secret_hash').notNull(),
    /** The key's first characters, shown in the list to tell keys apart. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    requests: integer('requests').notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
