import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A saved prompt: the group holds the name, category, description, slash command and
 * sharing; its text lives in versions (`prompts`), one of which is production.
 */
export const promptGroups = pgTable(
  'prompt_groups',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    /** '' when the group has no category. */
    category: text('category').notNull().default(''),
    oneliner: text('oneliner').notNull().default(''),
    /** The normalised slash command, null when none. */
    command: text('command'),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's name when the group was created, shown on shared cards. */
    authorName: text('author_name').notNull(),
    /** The production version; null only if that version's author was deleted. */
    productionId: text('production_id').references((): AnyPgColumn => prompts.id, { onDelete: 'set null' }),
    /** Contains the instance project id when shared to all users. */
    projectIds: text('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    numberOfGenerations: integer('number_of_generations').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('prompt_groups_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('prompt_groups_project_ids_idx').using('gin', t.projectIds),
  ],
);
export type PromptGroupRow = typeof promptGroups.$inferSelect;

/** One version of a prompt group's text. */
export const prompts = pgTable(
  'prompts',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    groupId: text('group_id')
      .notNull()
      .references(() => promptGroups.id, { onDelete: 'cascade' }),
    /** Whoever saved the version (the group's author or an admin). */
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('text'),
    prompt: text('prompt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('prompts_group_created_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()),
    index('prompts_author_idx').on(t.authorId),
  ],
);
export type PromptRow = typeof prompts.$inferSelect;
