import type { MemoriesAnswer } from '@parley/schema';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** Tokens used by all memories, against the limit when the server sets one. */
export function MemoryUsageBar({ data }: { data: MemoriesAnswer }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const percent = data.usagePercentage;
  return (
    <div className="space-y-1.5" data-testid="memory-usage">
      <p className="text-[13px] text-fg-muted">
        {data.tokenLimit === null
          ? t('memories.usage_unlimited', { total: n(data.totalTokens) })
          : t('memories.usage', { total: n(data.totalTokens), limit: n(data.tokenLimit), percent })}
      </p>
      {percent !== null && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('memories.usage_label')}
        >
          <div
            className={clsx('h-full rounded-full', percent >= 90 ? 'bg-danger' : 'bg-accent')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
