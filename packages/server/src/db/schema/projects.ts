import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A project (issue 41): a named place for conversations with shared instructions, a default model
 * and knowledge. Not the instance-wide "share with everyone" project of prompt groups and agents
 * (`projectIds`), which is a different thing. Who may see it is `project_members` alone: the
 * creator is written there as its first owner, so every read filters by one join.
 */
export const projects = pgTable('projects', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  /** Who created it; ownership itself is the members' `owner` role, which can be shared. */
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Added to the system prompt of every conversation in the project. */
  instructions: text('instructions').notNull().default(''),
  /** The model, preset or agent a new chat in the project starts with (`{endpoint, model}`, `{presetId}`, `{agentId}`). */
  defaults: jsonb('defaults').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProjectRow = typeof projects.$inferSelect;

/** Who may use a project, and how: `viewer` reads and chats, `editor` also changes it, `owner` also shares and deletes. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'viewer' | 'editor' | 'owner'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** The files that are a project's knowledge, searched by file_search in its conversations. */
export const projectFiles = pgTable(
  'project_files',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.fileId, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.fileId] })],
);
