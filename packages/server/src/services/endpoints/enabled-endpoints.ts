import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import { azureEndpoint } from './azure-endpoint.ts';
import { anthropicEndpoint, bedrockEndpoint, googleEndpoint, openAIEndpoint } from './built-in-endpoints.ts';
import { customEndpoint } from './custom-endpoint.ts';
import { commaList } from './default-models.ts';
import type { ChatEndpoint } from './endpoint.ts';

/**
 * The configured endpoints in menu order: the built-ins that have credentials (openAI,
 * azureOpenAI, google, anthropic, bedrock), then parley.yaml's custom endpoints. With ENDPOINTS
 * set (LibreChat's comma list), only the endpoints it names, in its order.
 */
export function enabledEndpoints(config: AppConfig, logger: Logger): ChatEndpoint[] {
  const builtIns = [
    openAIEndpoint(config),
    azureEndpoint(config),
    googleEndpoint(config),
    anthropicEndpoint(config),
    bedrockEndpoint(config),
  ].filter((e): e is ChatEndpoint => e !== null);
  const custom = (config.yaml.endpoints?.custom ?? []).map((c, i) => customEndpoint(c, i));
  let endpoints = [...builtIns, ...custom];
  const wanted = commaList(config.env.ENDPOINTS);
  if (wanted.length) {
    const byName = new Map(endpoints.map((e) => [e.name.toLowerCase(), e]));
    // `agents` is no provider: the endpoints route lists it after these when ENDPOINTS names it.
    const missing = wanted.filter(
      (name) => !byName.has(name.toLowerCase()) && name.toLowerCase() !== 'agents',
    );
    if (missing.length)
      logger.warn({ missing }, 'ENDPOINTS names endpoints that are not configured; skipped');
    endpoints = wanted.flatMap((name) => byName.get(name.toLowerCase()) ?? []);
  }
  if (config.yaml.endpoints?.bedrock?.guardrailConfig) {
    logger.warn('endpoints.bedrock.guardrailConfig is not applied yet: configure guardrails on the AWS side');
  }
  return endpoints.map((e, order) => ({ ...e, order }));
}
