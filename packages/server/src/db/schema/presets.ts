import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's saved conversation setup; the setup itself lives in `settings`. */
export const presets = pgTable(
  'presets',
  {
    presetId: text('preset_id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    defaultPreset: boolean('default_preset').notNull().default(false),
    order: integer('order'),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('presets_user_updated_idx').on(t.userId, t.updatedAt.desc())],
);
export type PresetRow = typeof presets.$inferSelect;
