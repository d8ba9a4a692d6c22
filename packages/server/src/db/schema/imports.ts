import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Imports still being written. Conversations carry the id of the import that wrote them
 * (`conversations.import_id`); while that id is listed here they are invisible. Finishing an
 * import deletes its one row here, so making thousands of conversations visible is a single-row
 * change, however large the import.
 */
export const pendingImports = pgTable(
  'pending_imports',
  {
    importId: text('import_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pending_imports_user_idx').on(t.userId)],
);
