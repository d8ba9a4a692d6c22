import type { AuditEntry } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAudit } from './admin-api';
import { formatDateTime } from './admin-format';
import { LoadState } from './load-state';

/** Details too long for the line; the browser of a sign-in shows when hovering over its address. */
const HOVER_ONLY = new Set(['userAgent']);

/** Details worth a glance: the role change, the ban's end and reason, the sign-in's method. */
function detailText(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .filter(([key, value]) => !HOVER_ONLY.has(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** The Audit log tab: who did what, to whom, when and from where; newest first, read only. */
export default function AuditTab() {
  const { t, i18n } = useTranslation();
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:p-6">
      <LoadState query={audit} empty={entries.length === 0}>
        <ol className="divide-y divide-border rounded-xl border border-border" data-testid="admin-audit-list">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="grid gap-x-4 gap-y-0.5 px-3 py-2.5 text-sm md:grid-cols-[11rem_1fr_1fr]"
              data-testid="admin-audit-entry"
            >
              <time dateTime={entry.createdAt} className="text-xs text-fg-muted md:text-sm">
                {formatDateTime(entry.createdAt, i18n.language, '')}
              </time>
              <div className="min-w-0">
                <span className="font-mono text-xs">{entry.action}</span>
                {entry.targetLabel || entry.targetId ? (
                  <span className="ms-2 break-all">{entry.targetLabel ?? entry.targetId}</span>
                ) : null}
                {detailText(entry) && (
                  <div className="text-xs break-all text-fg-muted">{detailText(entry)}</div>
                )}
              </div>
              <div className="min-w-0 text-xs text-fg-muted md:text-sm">
                <span className="break-all">{entry.actorEmail ?? t('console.audit_system')}</span>
                {entry.ip && (
                  <span
                    className="ms-2 font-mono"
                    title={typeof entry.details.userAgent === 'string' ? entry.details.userAgent : undefined}
                  >
                    {entry.ip}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ol>
        {audit.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              loading={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {t('console.load_more')}
            </Button>
          </div>
        )}
      </LoadState>
    </div>
  );
}
