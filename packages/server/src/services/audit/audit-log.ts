import type { AuditEntry, AuditList } from '@parley/schema';
import { desc, or, and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, type AuditRow } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, timestampCursorValue } from '../paging/page-cursor.ts';

/** Who acted: an administrator's id and address (null for the system or a CLI run). */
export interface AuditActor {
  id: string | null;
  email: string | null;
  /** The address the request came from. */
  ip?: string | null;
}

export interface AuditEvent {
  /** Dotted name: `user.role`, `user.ban`, `user.unban`, `user.delete`, `admin.sign_in`, `budget.set`, … */
  action: string;
  target?: { type: string; id: string; label?: string | null };
  details?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log. Other features (budgets, prices) call this too; nothing
 * updates or deletes an entry, and the API offers only reading.
 */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    details: event.details ?? {},
    ip: actor.ip ?? null,
  });
}

const ORDER = 'createdAt:desc';
export const AUDIT_PAGE_SIZE = 50;

/** Newest first, by (created_at, id) so a page never shifts while entries are appended. */
export async function listAudit(db: Database, cursor?: string): Promise<AuditList> {
  const after = cursor ? decodeCursor(cursor, ORDER, 'timestamp') : null;
  const rows = await db
    .select({ row: auditLog, at: timestampCursorValue(auditLog.createdAt) })
    .from(auditLog)
    .where(
      after
        ? or(
            lt(auditLog.createdAt, sql`${after.value}::timestamptz`),
            and(eq(auditLog.createdAt, sql`${after.value}::timestamptz`), lt(auditLog.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(({ row }) => toEntry(row)),
    nextCursor:
      rows.length > AUDIT_PAGE_SIZE && last
        ? encodeCursor({ order: ORDER, value: last.at, id: last.row.id })
        : null,
  };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}
