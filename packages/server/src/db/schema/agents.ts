import type { ActionAuth, AgentDefinition } from '@parley/schema';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An agent: its whole definition is one JSON value, compared as a whole to decide whether
 * an update makes a new version. Name, description and category are copied into columns because
 * lists search and filter on them; `agent-definition.ts#definitionColumns` writes both together.
 */
export const agents = pgTable(
  'agents',
  {
    /** `agent_<random>`, made by the server. */
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's name when the agent was created, shown on shared agents. */
    authorName: text('author_name').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    definition: jsonb('definition').$type<AgentDefinition>().notNull(),
    /** The number of the current version; versions are kept in `agent_versions`. */
    version: integer('version').notNull().default(1),
    /** Contains the instance project id when shared to all users. */
    projectIds: text('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('agents_author_updated_idx').on(t.authorId, t.updatedAt.desc(), t.id.desc()),
    index('agents_project_ids_idx').using('gin', t.projectIds),
  ],
);
export type AgentRow = typeof agents.$inferSelect;

/** Every definition an agent has had, numbered from 1; the newest is the agent's current one. */
export const agentVersions = pgTable(
  'agent_versions',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<AgentDefinition>().notNull(),
    /** Who saved it (the author or an admin); kept as text so the history outlives an admin's account. */
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.version] })],
);
export type AgentVersionRow = typeof agentVersions.$inferSelect;

/**
 * An agent's action: an OpenAPI document whose operations are the agent's tools. The API key of
 * `service_http` auth is AES-256-GCM ciphertext under CREDS_KEY bound to the action's id, never
 * plain; the document is kept as the author wrote it and read again whenever the agent runs.
 */
export const agentActions = pgTable(
  'agent_actions',
  {
    /** `act_<random>`, made by the server. */
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** Who saved it last (the agent's author or an admin). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    rawSpec: text('raw_spec').notNull(),
    auth: jsonb('auth').$type<ActionAuth>().notNull(),
    apiKey: text('api_key'),
    /** OAuth auth: the client as JSON `{client_id, client_secret?}`, encrypted like the API key. */
    oauthClient: text('oauth_client'),
    privacyPolicyUrl: text('privacy_policy_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('agent_actions_agent_idx').on(t.agentId, t.createdAt)],
);
export type AgentActionRow = typeof agentActions.$inferSelect;
