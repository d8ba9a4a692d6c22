import { AGENT_CATEGORIES, AGENT_LIMITS, type EndpointsConfig, type ModelsConfig } from '@parley/schema';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../components/ui/text-field';
import { ParameterFields, type ParameterSetup } from '../model-parameters';
import type { AgentForm, AgentFormErrors } from './agent-form';
import { providerOptions } from './provider-options';

/** Chat-only parameters an agent sets elsewhere (instructions) or cannot keep (lists). */
const OMITTED_PARAMETERS = ['modelLabel', 'promptPrefix', 'stop'] as const;

const FIELD = `${inputClasses} border-border-strong text-sm py-2`;

type Change = (patch: Partial<AgentForm>) => void;

export function Field({
  label,
  children,
  error,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-[13px] font-medium text-fg">
        {label}
      </label>
      {children(id)}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-fg-muted">{hint}</p>
      ) : null}
    </div>
  );
}

/** Name, description, category, instructions and conversation starters. */
export function AgentTextFields({
  form,
  change,
  errors,
}: {
  form: AgentForm;
  change: Change;
  errors: AgentFormErrors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('agents.name')} error={errors.name ? t('agents.name_required') : undefined}>
        {(id) => (
          <input
            id={id}
            className={FIELD}
            value={form.name}
            maxLength={AGENT_LIMITS.name}
            placeholder={t('agents.name_placeholder')}
            onChange={(e) => change({ name: e.target.value })}
            data-testid="agent-name"
          />
        )}
      </Field>
      <Field label={t('agents.description')}>
        {(id) => (
          <input
            id={id}
            className={FIELD}
            value={form.description}
            maxLength={AGENT_LIMITS.description}
            placeholder={t('agents.description_placeholder')}
            onChange={(e) => change({ description: e.target.value })}
            data-testid="agent-description"
          />
        )}
      </Field>
      <Field label={t('agents.category')}>
        {(id) => (
          <select
            id={id}
            className={FIELD}
            value={form.category}
            onChange={(e) => change({ category: e.target.value })}
            data-testid="agent-category"
          >
            {AGENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`com_agents_category_${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('agents.instructions')}>
        {(id) => (
          <textarea
            id={id}
            className={`${FIELD} min-h-28 resize-y`}
            value={form.instructions}
            maxLength={AGENT_LIMITS.instructions}
            placeholder={t('agents.instructions_placeholder')}
            onChange={(e) => change({ instructions: e.target.value })}
            data-testid="agent-instructions"
          />
        )}
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('agents.starters')}</legend>
        {form.conversation_starters.map((starter, i) => (
          <input
            key={i}
            className={FIELD}
            value={starter}
            maxLength={AGENT_LIMITS.conversationStarter}
            aria-label={t('agents.starter_n', { n: i + 1 })}
            placeholder={t('agents.starter_placeholder')}
            onChange={(e) => {
              const next = [...form.conversation_starters];
              next[i] = e.target.value;
              change({ conversation_starters: next });
            }}
            data-testid={`agent-starter-${i}`}
          />
        ))}
      </fieldset>
    </>
  );
}

/** Provider and model, and (behind a toggle) the model's parameters with their ranges. */
export function AgentModelFields({
  form,
  change,
  errors,
  endpoints,
  models,
}: {
  form: AgentForm;
  change: Change;
  errors: AgentFormErrors;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}) {
  const { t } = useTranslation();
  const [showParameters, setShowParameters] = useState(false);
  const providers = providerOptions(endpoints);
  if (form.provider && !providers.includes(form.provider)) providers.push(form.provider);
  const modelList = [...(models?.[form.provider] ?? [])];
  if (form.model && !modelList.includes(form.model)) modelList.unshift(form.model);
  const setup: ParameterSetup = {
    ...form.model_parameters,
    endpoint: form.provider,
    endpointType: endpoints?.[form.provider]?.type ?? null,
    model: form.model,
  };
  const setParameters = (next: ParameterSetup) => {
    const { endpoint: _e, endpointType: _t, model: _m, ...rest } = next;
    const scalars = Object.entries(rest).filter(
      ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    );
    change({ model_parameters: Object.fromEntries(scalars) as AgentForm['model_parameters'] });
  };
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">
        <Field label={t('agents.provider')}>
          {(id) => (
            <select
              id={id}
              className={FIELD}
              value={form.provider}
              onChange={(e) => {
                const provider = e.target.value;
                // Another provider's parameters may not fit: start its model and parameters afresh.
                change({ provider, model: models?.[provider]?.[0] ?? '', model_parameters: {} });
              }}
              data-testid="agent-provider"
            >
              {providers.map((p) => (
                <option key={p} value={p}>
                  {endpoints?.[p]?.modelDisplayLabel ?? p}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('agents.model')} error={errors.model ? t('agents.model_required') : undefined}>
          {(id) => (
            <select
              id={id}
              className={FIELD}
              value={form.model}
              onChange={(e) => change({ model: e.target.value })}
              data-testid="agent-model"
            >
              {modelList.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {form.provider && form.model && (
        <div className="rounded-xl border border-border">
          <button
            type="button"
            className="flex w-full items-center gap-2 px-3 py-2 text-start text-[13px] font-medium text-fg-muted hover:text-fg"
            aria-expanded={showParameters}
            onClick={() => setShowParameters(!showParameters)}
            data-testid="agent-parameters-toggle"
          >
            <span className="flex-1">{t('agents.parameters')}</span>
            <ChevronDown
              className={`size-4 transition-transform ${showParameters ? '' : '-rotate-90'}`}
              aria-hidden
            />
          </button>
          {showParameters && (
            <div className="border-t border-border px-3 py-3">
              <ParameterFields setup={setup} onChange={setParameters} omit={OMITTED_PARAMETERS} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
