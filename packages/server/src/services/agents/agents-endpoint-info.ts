import type { EndpointInfo } from '@parley/schema';
import type { AgentsSettings } from './agents-settings.ts';

/**
 * The agents endpoint's entry in `GET /api/endpoints`: placed after the provider endpoints, with
 * what the builder needs to know about this server's agent settings. `ocr` is listed only while
 * the server can read text out of pictures (parley.yaml's `ocr` section): the web offers its
 * "OCR text" upload from this list.
 */
export function agentsEndpointInfo(settings: AgentsSettings, order: number, ocrOn: boolean): EndpointInfo {
  return {
    order,
    userProvide: false,
    name: 'agents',
    disableBuilder: settings.disableBuilder,
    capabilities: [...settings.capabilities].filter((capability) => capability !== 'ocr' || ocrOn),
    ...(settings.allowedProviders ? { allowedProviders: [...settings.allowedProviders] } : {}),
    recursionLimit: settings.recursionLimit,
    ...(settings.maxRecursionLimit !== null ? { maxRecursionLimit: settings.maxRecursionLimit } : {}),
  };
}
