import type { EndpointsConfig, ModelSpec } from '@parley/schema';
import { useMemo } from 'react';
import { AGENTS_ENDPOINT } from '../agents';
import { fitParameters, setupOfSpec, type ChatSetup } from '../endpoints';
import { useAddedConvo } from './added-convo-store';

/**
 * The ways a second model is chosen (a model of an endpoint, an agent, a model spec), each turned
 * into the setup the second answer is asked with. Shared by the `+` button and the typed `+`
 * command so both choose alike.
 */
export function useChooseAddedConvo(conversationId: string, endpoints: EndpointsConfig | undefined) {
  const chooseFor = useAddedConvo((s) => s.choose);
  return useMemo(() => {
    const choose = (setup: ChatSetup) => chooseFor(conversationId, setup);
    return {
      model: (endpoint: string, model: string) =>
        choose(fitParameters({ endpoint, endpointType: endpoints?.[endpoint]?.type ?? null, model })),
      agent: (agentId: string) =>
        choose({ endpoint: AGENTS_ENDPOINT, endpointType: null, model: '', agent_id: agentId }),
      spec: (spec: ModelSpec) => choose(setupOfSpec(spec, endpoints)),
    };
  }, [chooseFor, conversationId, endpoints]);
}
