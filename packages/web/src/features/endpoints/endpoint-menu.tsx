import type { EndpointsConfig, ModelSpec, ModelSpecsConfig, ModelsConfig } from '@parley/schema';
import { Check, ChevronDown, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENTS_ENDPOINT, AgentLabel, AgentMenuItems } from '../agents';
import { orderedEndpoints, type ChatSetup } from './chat-setup';
import { findSpec, orderedSpecs } from './model-specs';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * The model selector: parley.yaml's model specs first (alone when they are enforced), then the
 * endpoints and models of /api/endpoints and /api/models.
 */
export function EndpointMenu({
  setup,
  endpoints,
  models,
  specs,
  showEndpoints,
  onChange,
  onSpec,
  onAgent,
  variant = 'current',
}: {
  setup: ChatSetup | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  specs: ModelSpecsConfig | undefined;
  /** The interface's endpoint and model menus are on (and specs are not enforced). */
  showEndpoints: boolean;
  onChange: (endpoint: string, model: string) => void;
  onSpec: (spec: ModelSpec) => void;
  /** Starts a chat with an agent (the agents endpoint lists agents instead of models). */
  onAgent?: (agentId: string) => void;
  /**
   * `current` shows the chosen model as the trigger; `add` is the `+` button that chooses a
   * second model to answer too (multi-conversation).
   */
  variant?: 'current' | 'add';
}) {
  const { t } = useTranslation();
  const names = showEndpoints && !specs?.enforce ? orderedEndpoints(endpoints) : [];
  const specList = orderedSpecs(specs);
  const current = findSpec(specs, setup?.spec);
  const label = current ? current.label : setup ? setup.model : t('com_ui_loading');
  const endpointLabel = current
    ? ''
    : setup?.endpoint === AGENTS_ENDPOINT
      ? t('agents.menu')
      : setup
        ? (endpoints?.[setup.endpoint]?.modelDisplayLabel ?? setup.endpoint)
        : '';
  return (
    <DropdownMenu.Root>
      {variant === 'add' ? (
        <DropdownMenu.Trigger
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="add-model"
          aria-label={t('multiConvo.add')}
          title={t('multiConvo.add')}
        >
          <Plus className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
      ) : (
        <DropdownMenu.Trigger
          className="flex min-w-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-[15px] font-semibold text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="model-menu"
          aria-label={t('com_ui_select_model')}
        >
          <span className="truncate">
            {setup?.endpoint === AGENTS_ENDPOINT && typeof setup.agent_id === 'string' ? (
              <Suspense fallback="…">
                <AgentLabel agentId={setup.agent_id} />
              </Suspense>
            ) : (
              label
            )}
          </span>
          {endpointLabel && (
            <span className="hidden truncate text-sm font-normal text-fg-muted sm:inline">
              {endpointLabel}
            </span>
          )}
          <ChevronDown className="size-4 shrink-0 text-fg-muted" aria-hidden />
        </DropdownMenu.Trigger>
      )}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="animate-fade-in z-50 max-h-[min(70vh,28rem)] min-w-64 overflow-y-auto rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
        >
          {specList.length > 0 && (
            <DropdownMenu.Group>
              <DropdownMenu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-fg-muted">
                {t('com_ui_model_specs')}
              </DropdownMenu.Label>
              {specList.map((spec) => (
                <DropdownMenu.Item
                  key={spec.name}
                  className={ITEM}
                  onSelect={() => onSpec(spec)}
                  data-testid={`model-spec-${spec.name}`}
                >
                  {spec.iconURL && <img src={spec.iconURL} alt="" className="size-5 shrink-0 rounded" />}
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{spec.label}</span>
                    {spec.description && (
                      <span className="truncate text-xs text-fg-muted">{spec.description}</span>
                    )}
                  </span>
                  {current?.name === spec.name && <Check className="size-4 text-accent" aria-hidden />}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          )}
          {names.map((name) => (
            <DropdownMenu.Group key={name}>
              <DropdownMenu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-fg-muted">
                {name === AGENTS_ENDPOINT ? t('agents.menu') : (endpoints?.[name]?.modelDisplayLabel ?? name)}
              </DropdownMenu.Label>
              {name === AGENTS_ENDPOINT && onAgent && (
                <Suspense fallback={null}>
                  <AgentMenuItems
                    itemClassName={ITEM}
                    selected={setup?.endpoint === AGENTS_ENDPOINT ? String(setup.agent_id ?? '') : null}
                    onSelect={onAgent}
                  />
                </Suspense>
              )}
              {(models?.[name] ?? []).map((model) => {
                const selected = !current && setup?.endpoint === name && setup.model === model;
                return (
                  <DropdownMenu.Item
                    key={model}
                    className={ITEM}
                    onSelect={() => onChange(name, model)}
                    data-testid={`model-option-${model}`}
                  >
                    <span className="flex-1 truncate">{model}</span>
                    {selected && <Check className="size-4 text-accent" aria-hidden />}
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
