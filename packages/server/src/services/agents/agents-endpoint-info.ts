import type { EndpointInfo } from '@parley/schema';
import type { AgentsSettings } from './agents-settings.ts';

/**
 * The agents endpoint's entry in `GET /api/endpoints`: placed after the provider endpoints, with
 * what the builder needs to know about this server's agent settings.
 */
export function agentsEndpointInfo(settings: AgentsSettings, order: number): EndpointInfo {
  return {
    order,
    userProvide: false,
    name: 'agents',
    disableBuilder: settings.disableBuilder,
    capabilities: [...settings.capabilities],
    ...(settings.allowedProviders ? { allowedProviders: [...settings.allowedProviders] } : {}),
    recursionLimit: settings.recursionLimit,
    ...(settings.maxRecursionLimit !== null ? { maxRecursionLimit: settings.maxRecursionLimit } : {}),
  };
}
