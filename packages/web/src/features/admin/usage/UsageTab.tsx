import { USAGE_INTERVALS, type UsageGroupBy, type UsageInterval, type UsageRow } from '@parley/schema';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { saveBlob } from '../../../lib/save-blob';
import { toCsv } from './csv';
import { useUsage, type UsageParams } from './usage-api';
import { colourOf, UsageBars } from './usage-bars';
import {
  bucketsOf,
  topKeys,
  totalsByKey,
  usageBars,
  withEmptyBuckets,
  type UsageMetric,
} from './usage-series';

const RANGES = [7, 30, 90, 365] as const;
const GROUPS: UsageGroupBy[] = ['user', 'model', 'endpoint', 'group'];
const TOP_KEYS = 5;

const day = (d: Date) => d.toISOString().slice(0, 10);
/** Credits are millionths of a dollar. */
const dollars = (credits: number, locale: string) =>
  (credits / 1_000_000).toLocaleString(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 4,
  });

/** The Usage tab: tokens and cost over time by user, model, endpoint and group, with CSV export. */
export default function UsageTab() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const [interval, setInterval] = useState<UsageInterval>('day');
  const [metric, setMetric] = useState<UsageMetric>('tokens');
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const window = { from: day(from), to: day(to), interval };
  return (
    <div className="space-y-6" data-testid="usage-tab">
      <div className="flex flex-wrap items-center gap-2">
        <Select
          ariaLabel={t('com_admin_usage_range')}
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          options={RANGES.map((n) => ({
            value: String(n),
            label: t('com_admin_usage_last_days', { count: n }),
          }))}
          className="w-40"
        />
        <Select
          ariaLabel={t('com_admin_usage_interval')}
          value={interval}
          onChange={(v) => setInterval(v as UsageInterval)}
          options={USAGE_INTERVALS.map((i) => ({ value: i, label: t(`com_admin_usage_per_${i}`) }))}
          className="w-36"
        />
        <Select
          ariaLabel={t('com_admin_usage_metric')}
          value={metric}
          onChange={(v) => setMetric(v as UsageMetric)}
          options={[
            { value: 'tokens', label: t('com_admin_usage_tokens') },
            { value: 'cost', label: t('com_admin_usage_cost') },
          ]}
          className="w-32"
        />
      </div>
      {GROUPS.map((groupBy) => (
        <UsageSection key={groupBy} params={{ ...window, groupBy }} metric={metric} />
      ))}
    </div>
  );
}

function UsageSection({ params, metric }: { params: UsageParams; metric: UsageMetric }) {
  const { t, i18n } = useTranslation();
  const { data, isError } = useUsage(params);
  const title = t(`com_admin_usage_by_${params.groupBy}`);
  const format = (n: number) =>
    metric === 'cost' ? dollars(n, i18n.language) : n.toLocaleString(i18n.language);
  const rows = data?.rows ?? [];
  const keys = topKeys(rows, metric, TOP_KEYS);
  const totals = totalsByKey(rows);
  const exportCsv = () => {
    const csv = toCsv(
      ['bucket', 'key', 'label', 'promptTokens', 'completionTokens', 'costUsd', 'messages'],
      rows.map((r: UsageRow) => [
        r.bucket ?? '',
        r.key,
        r.label,
        r.promptTokens,
        r.completionTokens,
        r.cost / 1_000_000,
        r.messages,
      ]),
    );
    saveBlob(
      new Blob([csv], { type: 'text/csv' }),
      `usage-${params.groupBy}-${params.from}-${params.to}.csv`,
    );
  };
  return (
    <section className="rounded-xl border border-border p-4" data-testid={`usage-section-${params.groupBy}`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        <Button
          variant="outline"
          size="sm"
          onClick={exportCsv}
          disabled={!rows.length}
          data-testid="usage-csv"
        >
          <Download className="size-4" aria-hidden />
          {t('com_admin_usage_csv')}
        </Button>
      </div>
      {isError && <p className="text-sm text-danger">{t('com_admin_usage_error')}</p>}
      {!data && !isError && <Spinner />}
      {data?.note && <p className="mb-2 text-sm text-fg-muted">{data.note}</p>}
      {data && rows.length === 0 && !data.note && (
        <p className="text-sm text-fg-muted">{t('com_admin_usage_empty')}</p>
      )}
      {rows.length > 0 && (
        <>
          <UsageBars
            bars={withEmptyBuckets(
              usageBars(rows, metric, keys),
              bucketsOf(params.from, params.to, params.interval ?? 'day'),
            )}
            keys={keys}
            format={format}
            label={`${title}: ${t(metric === 'cost' ? 'com_admin_usage_cost' : 'com_admin_usage_tokens')}`}
          />
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm">
              <thead className="text-left text-fg-muted">
                <tr>
                  <th className="py-1 pe-2 font-medium">{title}</th>
                  <th className="py-1 pe-2 text-end font-medium">{t('com_admin_usage_prompt_tokens')}</th>
                  <th className="py-1 pe-2 text-end font-medium">{t('com_admin_usage_completion_tokens')}</th>
                  <th className="py-1 pe-2 text-end font-medium">{t('com_admin_usage_cost')}</th>
                  <th className="py-1 text-end font-medium">{t('com_admin_usage_calls')}</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {totals.map((r) => (
                  <tr key={r.key} className="border-t border-border">
                    <td className="max-w-64 truncate py-1 pe-2">
                      <svg className="me-1.5 inline size-2.5" aria-hidden viewBox="0 0 10 10">
                        <rect
                          width="10"
                          height="10"
                          rx="2"
                          className={colourOf(keys, keys.includes(r.key) ? r.key : 'other')}
                        />
                      </svg>
                      {r.label}
                    </td>
                    <td className="py-1 pe-2 text-end">{r.promptTokens.toLocaleString(i18n.language)}</td>
                    <td className="py-1 pe-2 text-end">{r.completionTokens.toLocaleString(i18n.language)}</td>
                    <td className="py-1 pe-2 text-end">{dollars(r.cost, i18n.language)}</td>
                    <td className="py-1 text-end">{r.messages.toLocaleString(i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
