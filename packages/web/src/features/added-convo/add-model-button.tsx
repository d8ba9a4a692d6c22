import type { EndpointsConfig, ModelSpec, ModelsConfig } from '@parley/schema';
import { useCallback } from 'react';
import { useStartupConfig } from '../../api/startup-queries';
import { AGENTS_ENDPOINT } from '../agents';
import { EndpointMenu, fitParameters, setupOfSpec } from '../endpoints';
import { useAddedConvo } from './added-convo-store';
import { useMultiConvoAllowed } from './use-multi-convo';

/**
 * The `+` beside the model menu: chooses a second model, agent or model spec that answers each
 * message too. Shown only where multi-conversation is allowed.
 */
export function AddModelButton({
  endpoints,
  models,
}: {
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}) {
  const { data: config } = useStartupConfig();
  const allowed = useMultiConvoAllowed();
  const setup = useAddedConvo((s) => s.setup);
  const choose = useAddedConvo((s) => s.choose);
  const ui = config?.interface;
  const onChange = useCallback(
    (endpoint: string, model: string) =>
      choose(fitParameters({ endpoint, endpointType: endpoints?.[endpoint]?.type ?? null, model })),
    [choose, endpoints],
  );
  const onSpec = useCallback((spec: ModelSpec) => choose(setupOfSpec(spec, endpoints)), [choose, endpoints]);
  const onAgent = useCallback(
    (agentId: string) =>
      choose({ endpoint: AGENTS_ENDPOINT, endpointType: null, model: '', agent_id: agentId }),
    [choose],
  );
  if (!allowed) return null;
  return (
    <EndpointMenu
      variant="add"
      setup={setup}
      endpoints={endpoints}
      models={models}
      specs={config?.modelSpecs}
      showEndpoints={ui?.modelSelect !== false && ui?.endpointsMenu !== false}
      onChange={onChange}
      onSpec={onSpec}
      onAgent={onAgent}
    />
  );
}
