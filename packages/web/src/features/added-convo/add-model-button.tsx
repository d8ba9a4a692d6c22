import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import { useStartupConfig } from '../../api/startup-queries';
import { EndpointMenu } from '../endpoints';
import { useAddedSetup } from './added-convo-store';
import { useChooseAddedConvo } from './use-choose-added';
import { useMultiConvoAllowed } from './use-multi-convo';

/**
 * The `+` beside the model menu: chooses a second model, agent or model spec that answers each
 * message too. Shown only where multi-conversation is allowed.
 */
export function AddModelButton({
  conversationId,
  endpoints,
  models,
}: {
  conversationId: string;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}) {
  const { data: config } = useStartupConfig();
  const allowed = useMultiConvoAllowed();
  const setup = useAddedSetup(conversationId);
  const choose = useChooseAddedConvo(conversationId, endpoints);
  const ui = config?.interface;
  if (!allowed) return null;
  return (
    <EndpointMenu
      variant="add"
      setup={setup}
      endpoints={endpoints}
      models={models}
      specs={config?.modelSpecs}
      showEndpoints={ui?.modelSelect !== false && ui?.endpointsMenu !== false}
      onChange={choose.model}
      onSpec={choose.spec}
      onAgent={choose.agent}
    />
  );
}
