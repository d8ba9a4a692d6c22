import type { EndpointsConfig, ModelSpec, ModelSpecsConfig, ModelsConfig } from '@parley/schema';
import { Check, ChevronDown, Plus, Search } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENTS_ENDPOINT, AgentLabel, AgentMenuItems } from '../agents';
import { orderedEndpoints, type ChatSetup } from './chat-setup';
import { EndpointIcon } from './endpoint-icon';
import { matchChoices, modelChoices, modelCount, modelLabel, MODEL_SEARCH_THRESHOLD } from './model-choices';
import { findSpec, orderedSpecs } from './model-specs';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * The model selector: parley.yaml's model specs first (alone when they are enforced), then the
 * endpoints (with their icons) and models of /api/endpoints and /api/models, each model under its
 * configured name with its description. Past eight models a search field filters them.
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
  const label = current
    ? current.label
    : setup
      ? modelLabel(endpoints, setup.endpoint, setup.model)
      : t('com_ui_loading');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const searchable = modelCount(models, names) > MODEL_SEARCH_THRESHOLD;
  const groupLabel = (name: string) =>
    name === AGENTS_ENDPOINT ? t('agents.menu') : (endpoints?.[name]?.modelDisplayLabel ?? name);
  const groups = names
    .map((name) => ({
      name,
      choices: matchChoices(modelChoices(endpoints, models, name), query, groupLabel(name)),
    }))
    // While searching, endpoints with no match (and the agents list) step aside.
    .filter((g) => !query.trim() || g.choices.length > 0);
  // Keys typed in the search field are text, not the menu's jump-to-item; the arrow moves into
  // the list and Enter takes the first match.
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') return;
    e.stopPropagation();
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const first = groups.find((g) => g.choices.length > 0);
      if (!first) return;
      onChange(first.name, first.choices[0]!.model);
      setOpen(false);
      setQuery('');
    }
  };
  const endpointLabel = current
    ? ''
    : setup?.endpoint === AGENTS_ENDPOINT
      ? t('agents.menu')
      : setup
        ? (endpoints?.[setup.endpoint]?.modelDisplayLabel ?? setup.endpoint)
        : '';
  return (
    <DropdownMenu.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
        // With a search field the menu opens ready for typing (after the menu took the focus).
        else requestAnimationFrame(() => search.current?.focus());
      }}
    >
      {variant === 'add' ? (
        <DropdownMenu.Trigger
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="add-model"
          aria-label={t('multiConvo.add')}
        >
          <Plus className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
      ) : (
        <DropdownMenu.Trigger
          className="flex min-w-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-[15px] font-semibold text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="model-menu"
          data-model={setup?.model}
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
          ref={content}
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
          {searchable && (
            <div className="sticky -top-1.5 z-10 -mx-1.5 -mt-1.5 mb-1 border-b border-border bg-surface-raised p-1.5">
              <label className="flex items-center gap-2 rounded-lg bg-surface-muted px-2.5 py-1.5 text-sm focus-within:ring-2 focus-within:ring-ring">
                <Search className="size-4 shrink-0 text-fg-muted" aria-hidden />
                <input
                  ref={search}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  onKeyDown={onSearchKey}
                  placeholder={t('com_ui_search_models')}
                  aria-label={t('com_ui_search_models')}
                  data-testid="model-search"
                  className="min-w-0 flex-1 bg-transparent outline-none placeholder:text-fg-subtle"
                />
              </label>
            </div>
          )}
          {groups.map(({ name, choices }) => (
            <DropdownMenu.Group key={name}>
              <DropdownMenu.Label className="flex items-center gap-2 px-2.5 pt-2 pb-1 text-xs font-medium text-fg-muted">
                <EndpointIcon name={name} label={groupLabel(name)} iconURL={endpoints?.[name]?.iconURL} />
                {groupLabel(name)}
              </DropdownMenu.Label>
              {name === AGENTS_ENDPOINT && onAgent && !query.trim() && (
                <Suspense fallback={null}>
                  <AgentMenuItems
                    itemClassName={ITEM}
                    selected={setup?.endpoint === AGENTS_ENDPOINT ? String(setup.agent_id ?? '') : null}
                    onSelect={onAgent}
                  />
                </Suspense>
              )}
              {choices.map((choice) => {
                const selected = !current && setup?.endpoint === name && setup.model === choice.model;
                return (
                  <DropdownMenu.Item
                    key={choice.model}
                    className={ITEM}
                    onSelect={() => onChange(name, choice.model)}
                    data-testid={`model-option-${choice.model}`}
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate">{choice.label}</span>
                      {choice.description && (
                        <span className="truncate text-xs text-fg-muted">{choice.description}</span>
                      )}
                    </span>
                    {selected && <Check className="size-4 text-accent" aria-hidden />}
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Group>
          ))}
          {groups.length === 0 && (
            <p className="px-2.5 py-3 text-center text-sm text-fg-muted" data-testid="model-search-empty">
              {t('com_ui_no_models_match', { query: query.trim() })}
            </p>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
