import type { AdminConfig } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { adminKeys } from './admin-api';
import { formatDateTime } from './admin-format';
import { LoadState } from './load-state';

/**
 * The Configuration tab: what the start warned about, each endpoint's and MCP server's health,
 * and parley.yaml as parsed — every secret masked by the server before it leaves.
 */
export default function ConfigTab() {
  const { t } = useTranslation();
  const view = useQuery({ queryKey: adminKeys.config, queryFn: () => api<AdminConfig>('/api/admin/config') });
  const data = view.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 md:p-6">
      <LoadState query={view} empty={!data}>
        {data && (
          <>
            <section className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold">{t('console.config_warnings')}</h2>
              {data.warnings.length === 0 ? (
                <p className="text-sm text-fg-muted">{t('console.config_no_warnings')}</p>
              ) : (
                <ul className="flex flex-col gap-1.5" data-testid="admin-config-warnings">
                  {data.warnings.map((warning) => (
                    <li
                      key={warning}
                      className="rounded-lg border border-border bg-warning-soft px-3 py-2 text-sm"
                    >
                      {warning}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <EndpointHealth data={data} />
            <section className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold">
                {t('console.config_file')}
                {data.path && (
                  <span className="ms-2 font-mono text-xs font-normal text-fg-muted">{data.path}</span>
                )}
              </h2>
              <pre
                className="max-h-[32rem] overflow-auto rounded-xl border border-border bg-surface-muted p-3 text-xs leading-relaxed"
                data-testid="admin-config-yaml"
              >
                {data.yaml}
              </pre>
            </section>
          </>
        )}
      </LoadState>
    </div>
  );
}

function EndpointHealth({ data }: { data: AdminConfig }) {
  const { t, i18n } = useTranslation();
  const rows = [
    ...data.endpoints.map((e) => ({
      key: `endpoint:${e.name}`,
      name: e.name,
      kind: e.type,
      status: !e.fetchesModels
        ? t('console.config_models_configured', { count: e.models })
        : e.lastError
          ? t('console.config_unreachable')
          : e.lastFetchAt
            ? t('console.config_models_listed', { count: e.models })
            : t('console.config_not_checked'),
      bad: Boolean(e.lastError),
      detail: e.lastError
        ? `${e.lastError} · ${formatDateTime(e.lastFetchAt, i18n.language, '')}`
        : e.lastFetchAt
          ? formatDateTime(e.lastFetchAt, i18n.language, '')
          : '',
    })),
    ...data.mcpServers.map((m) => ({
      key: `mcp:${m.name}`,
      name: m.name,
      kind: 'MCP',
      status: m.perUser ? t('console.config_mcp_per_user') : m.state,
      bad: m.state === 'error' || Boolean(m.lastError),
      detail: m.lastError ?? '',
    })),
  ];
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{t('console.config_health')}</h2>
      <ul
        className="divide-y divide-border rounded-xl border border-border"
        data-testid="admin-config-health"
      >
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2 text-sm">
            <span className="font-medium">{row.name}</span>
            <span className="text-xs text-fg-muted">{row.kind}</span>
            <span className={clsx('ms-auto text-xs', row.bad ? 'text-danger' : 'text-fg-muted')}>
              {row.status}
            </span>
            {row.detail && <span className="w-full text-xs break-all text-fg-muted">{row.detail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
