import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { useBalance } from './balance-api';
import { formatCredits, refillView } from './balance-view';

/** Token credits, auto-refill and the recent spend by model. */
export function BalanceTab() {
  const { t, i18n } = useTranslation();
  const { data: balance, isError } = useBalance();
  if (isError) return <p className="py-3 text-sm text-danger">{t('com_nav_balance_error')}</p>;
  if (!balance) return <Spinner />;
  const refill = refillView(balance);
  const credits = (n: number) => formatCredits(n, i18n.language);
  return (
    <div className="divide-y divide-border">
      <div className="py-3">
        <p className="text-sm text-fg-muted">{t('com_nav_balance')}</p>
        <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="balance-credits">
          {credits(balance.tokenCredits)}
        </p>
        <p className="mt-0.5 text-[13px] text-fg-subtle">{t('com_nav_balance_unit')}</p>
      </div>
      <div className="py-3 text-sm" data-testid="balance-refill">
        <p className="font-medium">{t('com_nav_balance_auto_refill')}</p>
        {refill.kind === 'disabled' && (
          <p className="mt-0.5 text-fg-muted">{t('com_nav_balance_auto_refill_disabled')}</p>
        )}
        {refill.kind === 'incomplete' && (
          <p className="mt-0.5 text-danger">{t('com_nav_balance_auto_refill_error')}</p>
        )}
        {refill.kind === 'scheduled' && (
          <p className="mt-0.5 text-fg-muted">
            {t('com_nav_balance_auto_refill_schedule', {
              amount: credits(refill.amount),
              value: refill.value,
              unit: t(`com_nav_balance_unit_${refill.unit}`),
              next: refill.next.toLocaleString(i18n.language),
            })}
          </p>
        )}
      </div>
      <div className="py-3">
        <p className="text-sm font-medium">
          {t('com_nav_balance_recent_spend', { days: balance.recentDays })}
        </p>
        {balance.recentSpend.length === 0 ? (
          <p className="mt-1 text-sm text-fg-muted">{t('com_nav_balance_no_spend')}</p>
        ) : (
          <table className="mt-2 w-full text-sm" data-testid="balance-spend">
            <thead className="text-start text-[12px] text-fg-subtle">
              <tr>
                <th className="py-1 text-start font-medium">{t('com_ui_model')}</th>
                <th className="py-1 text-end font-medium">{t('com_nav_balance_answers')}</th>
                <th className="py-1 text-end font-medium">{t('com_nav_balance_tokens')}</th>
                <th className="py-1 text-end font-medium">{t('com_nav_balance_credits')}</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {balance.recentSpend.map((row) => (
                <tr key={`${row.endpoint}/${row.model}`} className="border-t border-border">
                  <td className="py-1.5">
                    <span className="font-medium">{row.model || '—'}</span>{' '}
                    <span className="text-[12px] text-fg-subtle">{row.endpoint}</span>
                  </td>
                  <td className="py-1.5 text-end">{row.answers}</td>
                  <td className="py-1.5 text-end">
                    {(row.promptTokens + row.completionTokens).toLocaleString(i18n.language)}
                  </td>
                  <td className="py-1.5 text-end">{credits(row.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
