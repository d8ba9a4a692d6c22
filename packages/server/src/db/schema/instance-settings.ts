import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A model provider the setup page added; its key is encrypted with CREDS_KEY. */
export interface StoredProvider {
  kind: 'openAI' | 'anthropic' | 'google';
  apiKeyEncrypted: string;
  baseURL?: string;
}

/**
 * The instance's own settings, saved by the first-run setup page (one row, id `instance`).
 * parley.yaml and the environment win wherever they set the same thing: these fill only gaps.
 */
export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: text('id').primaryKey().default('instance'),
    appTitle: text('app_title'),
    provider: jsonb('provider').$type<StoredProvider>(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('instance_settings_single_row', sql`${t.id} = 'instance'`)],
);
export type InstanceSettingsRow = typeof instanceSettings.$inferSelect;
