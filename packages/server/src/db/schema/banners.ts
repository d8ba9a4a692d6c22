import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const banners = pgTable(
  'banners',
  {
    bannerId: text('banner_id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** Sanitised HTML. */
    message: text('message').notNull(),
    displayFrom: timestamp('display_from', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    displayTo: timestamp('display_to', { withTimezone: true, mode: 'date' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('banners_display_idx').on(t.displayFrom, t.displayTo)],
);
