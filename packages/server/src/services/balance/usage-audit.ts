import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';

/** A change an administrator made to a budget or a price, for the audit log. */
export interface UsageAuditEntry {
  action: 'budget.set' | 'budget.delete' | 'price.set' | 'price.delete';
  /** The price's model, or the budget's `scope:id` (`default` for everyone's). */
  target: string;
  before: unknown;
  after: unknown;
}

/** Appends a budget or price change to the audit log, with the values before and after. */
export async function recordUsageAudit(
  db: Database,
  actor: AuditActor,
  entry: UsageAuditEntry,
): Promise<void> {
  await recordAudit(db, actor, {
    action: entry.action,
    target: { type: entry.action.startsWith('price') ? 'price' : 'budget', id: entry.target },
    details: { before: entry.before ?? null, after: entry.after ?? null },
  });
}
