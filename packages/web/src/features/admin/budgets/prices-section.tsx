import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { usePrices, useSavePrice } from './budgets-api';

/** Per-model prices (dollars per million tokens): the ones in force, and a form to set one. */
export function PricesSection() {
  const { t } = useTranslation();
  const { data } = usePrices();
  const save = useSavePrice();
  const [model, setModel] = useState('');
  const [prompt, setPrompt] = useState('');
  const [completion, setCompletion] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ model: model.trim(), price: { prompt: Number(prompt), completion: Number(completion) } });
  };
  // The console's and parley.yaml's prices first: the built-in list is long.
  const shown = (data?.prices ?? []).filter((p) => p.source !== 'built-in');
  return (
    <section className="rounded-xl border border-border p-4" data-testid="prices-section">
      <h2 className="mb-1 text-base font-semibold">{t('com_admin_prices')}</h2>
      <p className="mb-3 text-sm text-fg-muted">{t('com_admin_prices_hint')}</p>
      {!data && <Spinner />}
      {shown.length > 0 && (
        <table className="mb-3 w-full text-sm">
          <tbody>
            {shown.map((p) => (
              <tr key={p.model} className="border-t border-border">
                <td className="py-1 pe-2">{p.model}</td>
                <td className="py-1 pe-2 text-end tabular-nums">{p.prompt}</td>
                <td className="py-1 pe-2 text-end tabular-nums">{p.completion}</td>
                <td className="py-1 text-fg-muted">{t(`com_admin_prices_source_${p.source}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <TextField
          label={t('com_admin_prices_model')}
          value={model}
          onChange={(e) => setModel(e.target.value)}
          required
        />
        <TextField
          label={t('com_admin_prices_prompt')}
          type="number"
          min="0"
          step="any"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          required
        />
        <TextField
          label={t('com_admin_prices_completion')}
          type="number"
          min="0"
          step="any"
          value={completion}
          onChange={(e) => setCompletion(e.target.value)}
          required
        />
        <Button type="submit" loading={save.isPending}>
          {t('com_admin_prices_save')}
        </Button>
      </form>
      {save.isError && <p className="mt-2 text-sm text-danger">{save.error.message}</p>}
    </section>
  );
}
