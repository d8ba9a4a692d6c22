import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { orderedEndpoints, type ChatSetup } from './chat-setup';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-surface-muted';

/** The endpoint and model selector fed by /api/endpoints and /api/models. */
export function EndpointMenu({
  setup,
  endpoints,
  models,
  onChange,
}: {
  setup: ChatSetup | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  onChange: (endpoint: string, model: string) => void;
}) {
  const { t } = useTranslation();
  const names = orderedEndpoints(endpoints);
  const label = setup ? setup.model : t('com_ui_loading');
  const endpointLabel = setup ? (endpoints?.[setup.endpoint]?.modelDisplayLabel ?? setup.endpoint) : '';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex min-w-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-[15px] font-semibold text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="model-menu"
        aria-label={t('com_ui_select_model')}
      >
        <span className="truncate">{label}</span>
        {endpointLabel && (
          <span className="hidden truncate text-sm font-normal text-fg-muted sm:inline">{endpointLabel}</span>
        )}
        <ChevronDown className="size-4 shrink-0 text-fg-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="animate-fade-in z-50 max-h-[min(70vh,28rem)] min-w-64 overflow-y-auto rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
        >
          {names.map((name) => (
            <DropdownMenu.Group key={name}>
              <DropdownMenu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-fg-muted">
                {endpoints?.[name]?.modelDisplayLabel ?? name}
              </DropdownMenu.Label>
              {(models?.[name] ?? []).map((model) => {
                const selected = setup?.endpoint === name && setup.model === model;
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
