import type { SetupProviderKind, SetupStatus } from '@parley/schema';
import type { AppConfig } from '../../config/app-config.ts';
import type { InstanceSettingsRow } from '../../db/schema/index.ts';
import { decryptSecret } from '../keys/key-cipher.ts';

/** Where each setup provider's key and address are set in the environment. */
const PROVIDER_ENV = {
  openAI: { key: 'OPENAI_API_KEY', baseURL: 'OPENAI_REVERSE_PROXY' },
  anthropic: { key: 'ANTHROPIC_API_KEY', baseURL: 'ANTHROPIC_REVERSE_PROXY' },
  google: { key: 'GOOGLE_KEY', baseURL: 'GOOGLE_REVERSE_PROXY' },
} as const satisfies Record<SetupProviderKind, { key: string; baseURL: string }>;

/** The secret's context: a key stored for one provider cannot be replayed as another's. */
export const providerKeyContext = (kind: SetupProviderKind) => `instance-provider:${kind}`;

/**
 * What already sets the instance's name or a provider's key, named as the operator wrote it; the
 * setup page shows these instead of fields that would have no effect.
 */
export function fixedSettings(config: AppConfig): SetupStatus['fixedBy'] {
  const providers: SetupStatus['fixedBy']['providers'] = {};
  for (const kind of Object.keys(PROVIDER_ENV) as SetupProviderKind[]) {
    const source = providerSource(config, kind);
    if (source) providers[kind] = source;
  }
  return { ...(config.env.APP_TITLE !== undefined ? { appTitle: 'APP_TITLE' } : {}), providers };
}

function providerSource(config: AppConfig, kind: SetupProviderKind): string | undefined {
  if (config.yaml.endpoints?.[kind]?.apiKey) return `parley.yaml endpoints.${kind}.apiKey`;
  const envName = PROVIDER_ENV[kind].key;
  return config.env[envName] ? envName : undefined;
}

/**
 * Fills the gaps parley.yaml and the environment leave with the saved settings, in place (the
 * running server's config object is shared by every service). Answers whether a saved provider
 * took effect, so the caller knows to rebuild the endpoints.
 */
export function applyInstanceSettings(config: AppConfig, settings: InstanceSettingsRow | null): boolean {
  if (!settings) return false;
  const fixed = fixedSettings(config);
  if (settings.appTitle && !fixed.appTitle) config.appTitle = settings.appTitle;
  const provider = settings.provider;
  if (!provider || fixed.providers[provider.kind]) return false;
  const names = PROVIDER_ENV[provider.kind];
  const apiKey = decryptSecret(
    provider.apiKeyEncrypted,
    config.secrets.credsKey,
    providerKeyContext(provider.kind),
  );
  config.env = {
    ...config.env,
    [names.key]: apiKey,
    ...(provider.baseURL && !config.env[names.baseURL] ? { [names.baseURL]: provider.baseURL } : {}),
  };
  return true;
}
