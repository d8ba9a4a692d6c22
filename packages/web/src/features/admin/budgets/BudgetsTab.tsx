import { BUDGET_PERIODS, BUDGET_UNITS, type Budget } from '@parley/schema';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useBudgetMutations, useBudgets, type BudgetTarget } from './budgets-api';
import { PricesSection } from './prices-section';

type Scope = 'default' | 'user' | 'key';

/** The Budgets tab: per-user, per-key and default limits (and the prices currency limits use). */
export default function BudgetsTab() {
  const { t } = useTranslation();
  const { data, isError } = useBudgets();
  return (
    <div className="space-y-6" data-testid="budgets-tab">
      {data && !data.enforced && <p className="text-sm text-danger">{t('com_admin_budgets_not_enforced')}</p>}
      <BudgetForm />
      <section className="rounded-xl border border-border p-4">
        <h2 className="mb-2 text-base font-semibold">{t('com_admin_budgets_list')}</h2>
        {isError && <p className="text-sm text-danger">{t('com_admin_budgets_error')}</p>}
        {!data && !isError && <Spinner />}
        {data && data.budgets.length === 0 && (
          <p className="text-sm text-fg-muted">{t('com_admin_budgets_none')}</p>
        )}
        {data && data.budgets.length > 0 && <BudgetTable budgets={data.budgets} />}
      </section>
      <PricesSection />
    </div>
  );
}

function BudgetTable({ budgets }: { budgets: Budget[] }) {
  const { t, i18n } = useTranslation();
  const { remove } = useBudgetMutations();
  const limit = (b: Budget) =>
    b.unit === 'currency'
      ? (b.hardLimit / 1_000_000).toLocaleString(i18n.language, { style: 'currency', currency: 'USD' })
      : t('com_admin_budgets_tokens_value', {
          count: b.hardLimit,
          value: b.hardLimit.toLocaleString(i18n.language),
        });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="budgets-table">
        <thead className="text-left text-fg-muted">
          <tr>
            <th className="py-1 pe-2 font-medium">{t('com_admin_budgets_applies_to')}</th>
            <th className="py-1 pe-2 text-end font-medium">{t('com_admin_budgets_hard_limit')}</th>
            <th className="py-1 pe-2 font-medium">{t('com_admin_budgets_period')}</th>
            <th className="py-1 pe-2 text-end font-medium">{t('com_admin_budgets_soft')}</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {budgets.map((b) => {
            const target: BudgetTarget =
              b.scope === 'default' ? { scope: 'default' } : { scope: b.scope, id: b.scopeId };
            return (
              <tr key={`${b.scope}:${b.scopeId}`} className="border-t border-border">
                <td className="py-1 pe-2 break-all">
                  <span className="me-1.5 text-fg-muted">{t(`com_admin_budgets_scope_${b.scope}`)}</span>
                  {b.scope !== 'default' && (b.label ?? b.scopeId)}
                </td>
                <td className="py-1 pe-2 text-end tabular-nums">{limit(b)}</td>
                <td className="py-1 pe-2">{t(`com_admin_budgets_per_${b.period}`)}</td>
                <td className="py-1 pe-2 text-end tabular-nums">{b.softPercent} %</td>
                <td className="py-1 text-end">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('com_admin_budgets_delete')}
                    onClick={() => remove.mutate(target)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BudgetForm() {
  const { t } = useTranslation();
  const { save } = useBudgetMutations();
  const [scope, setScope] = useState<Scope>('user');
  const [id, setId] = useState('');
  const [unit, setUnit] = useState<(typeof BUDGET_UNITS)[number]>('tokens');
  const [period, setPeriod] = useState<(typeof BUDGET_PERIODS)[number]>('month');
  const [limit, setLimit] = useState('');
  const [soft, setSoft] = useState('80');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = Number(limit);
    const target: BudgetTarget = scope === 'default' ? { scope } : { scope, id: id.trim() };
    // Currency limits are typed in dollars and stored in credits (millionths of a dollar).
    const hardLimit = unit === 'currency' ? Math.round(amount * 1_000_000) : amount;
    save.mutate({ target, input: { unit, period, hardLimit, softPercent: Number(soft) } });
  };
  return (
    <form onSubmit={submit} className="rounded-xl border border-border p-4" data-testid="budget-form">
      <h2 className="mb-3 text-base font-semibold">{t('com_admin_budgets_set')}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          ariaLabel={t('com_admin_budgets_applies_to')}
          value={scope}
          onChange={(v) => setScope(v as Scope)}
          options={(['user', 'key', 'default'] as const).map((s) => ({
            value: s,
            label: t(`com_admin_budgets_scope_${s}`),
          }))}
        />
        {scope !== 'default' && (
          <TextField
            label={t(scope === 'user' ? 'com_admin_budgets_user_id' : 'com_admin_budgets_key_id')}
            value={id}
            onChange={(e) => setId(e.target.value)}
            required
            maxLength={128}
            className="sm:col-span-2"
          />
        )}
        <Select
          ariaLabel={t('com_admin_budgets_unit')}
          value={unit}
          onChange={(v) => setUnit(v as typeof unit)}
          options={BUDGET_UNITS.map((u) => ({ value: u, label: t(`com_admin_budgets_unit_${u}`) }))}
        />
        <Select
          ariaLabel={t('com_admin_budgets_period')}
          value={period}
          onChange={(v) => setPeriod(v as typeof period)}
          options={BUDGET_PERIODS.map((p) => ({ value: p, label: t(`com_admin_budgets_per_${p}`) }))}
        />
        <TextField
          label={t(unit === 'currency' ? 'com_admin_budgets_limit_usd' : 'com_admin_budgets_limit_tokens')}
          type="number"
          min="0"
          step="any"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          required
        />
        <TextField
          label={t('com_admin_budgets_soft')}
          type="number"
          min="1"
          max="100"
          value={soft}
          onChange={(e) => setSoft(e.target.value)}
          required
        />
      </div>
      {save.isError && <p className="mt-2 text-sm text-danger">{save.error.message}</p>}
      <Button type="submit" className="mt-3" loading={save.isPending} data-testid="budget-save">
        {t('com_admin_budgets_save')}
      </Button>
    </form>
  );
}
