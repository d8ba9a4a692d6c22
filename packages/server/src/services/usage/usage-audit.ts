import type { Logger } from 'pino';

/** A change an administrator made to a budget or a price, for the audit log. */
export interface UsageAuditEntry {
  actorId: string;
  action: 'budget.set' | 'budget.delete' | 'price.set' | 'price.delete';
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/**
 * Where budget and price changes are written for the audit log. The audit log is built on
 * another branch (its `recordAudit`); until the two are joined this logs the entry, so the
 * change is at least in the server's log.
 */
export async function recordUsageAudit(logger: Logger, entry: UsageAuditEntry): Promise<void> {
  logger.info({ audit: entry }, 'administrator change');
}
