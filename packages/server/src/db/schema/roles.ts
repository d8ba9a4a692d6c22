import type { RolePermissions } from '@parley/schema';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
  permissions: jsonb('permissions').$type<RolePermissions>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
