import type { AppConfig } from '../../config/app-config.ts';
import { lazyProvider } from '../providers/lazy-provider.ts';
import { builtInEndpoint } from './built-in-endpoint.ts';
import { DEFAULT_MODELS } from './default-models.ts';
import type { ChatEndpoint } from './endpoint.ts';

/** Appends the API version path a reverse proxy given as a bare host lacks (`/v1`, `/v1beta`). */
export function withVersionPath(url: string | undefined, version: RegExp, path: string): string | undefined {
  if (!url || url === 'user_provided') return url;
  const trimmed = url.replace(/\/+$/, '');
  return version.test(trimmed) ? trimmed : `${trimmed}${path}`;
}

const missingKey = (name: string) => {
  throw new Error(`No API key for ${name}`);
};

/** openAI: OPENAI_API_KEY (or yaml apiKey), OPENAI_REVERSE_PROXY (or yaml baseURL). */
export function openAIEndpoint(config: AppConfig): ChatEndpoint | null {
  const { env } = config;
  const section = config.yaml.endpoints?.openAI ?? {};
  if (!(section.apiKey ?? env.OPENAI_API_KEY)) return null;
  return builtInEndpoint(
    {
      kind: 'openAI',
      family: 'openAI',
      section,
      envKey: env.OPENAI_API_KEY,
      envBaseURL: env.OPENAI_REVERSE_PROXY,
      envModels: env.OPENAI_MODELS,
      defaultModels: DEFAULT_MODELS.openAI,
      titleConvo: env.TITLE_CONVO ?? true,
      envTitleModel: env.OPENAI_TITLE_MODEL,
    },
    (c) => {
      // Built now, so a missing key fails here as before; the SDK itself loads on first use.
      const options = {
        apiKey: c.apiKey ?? missingKey('openAI'),
        baseURL: c.baseURL,
        organization: env.OPENAI_ORGANIZATION,
        headers: section.headers,
        addParams: section.addParams,
        dropParams: section.dropParams,
        fetch: c.fetch,
      };
      return lazyProvider(async () =>
        (await import('../providers/openai-provider.ts')).createOpenAIProvider(options),
      );
    },
  );
}

/** anthropic: ANTHROPIC_API_KEY, ANTHROPIC_REVERSE_PROXY (a host, or a URL ending in /v1). */
export function anthropicEndpoint(config: AppConfig): ChatEndpoint | null {
  const { env } = config;
  const section = config.yaml.endpoints?.anthropic ?? {};
  if (!(section.apiKey ?? env.ANTHROPIC_API_KEY)) return null;
  return builtInEndpoint(
    {
      kind: 'anthropic',
      family: 'anthropic',
      section,
      envKey: env.ANTHROPIC_API_KEY,
      envBaseURL: env.ANTHROPIC_REVERSE_PROXY,
      envModels: env.ANTHROPIC_MODELS,
      defaultModels: DEFAULT_MODELS.anthropic,
      titleConvo: env.TITLE_CONVO ?? true,
      envTitleModel: env.ANTHROPIC_TITLE_MODEL,
    },
    (c) => {
      // Built now, so a missing key fails here as before; the SDK itself loads on first use.
      const options = {
        apiKey: c.apiKey ?? missingKey('anthropic'),
        baseURL: withVersionPath(c.baseURL, /\/v1$/, '/v1'),
        headers: section.headers,
        fetch: c.fetch,
      };
      return lazyProvider(async () =>
        (await import('../providers/anthropic-provider.ts')).createAnthropicProvider(options),
      );
    },
  );
}

/** google: GOOGLE_KEY, GOOGLE_REVERSE_PROXY (a host, or a URL ending in /v1beta). */
export function googleEndpoint(config: AppConfig): ChatEndpoint | null {
  const { env } = config;
  const section = config.yaml.endpoints?.google ?? {};
  if (!(section.apiKey ?? env.GOOGLE_KEY)) return null;
  return builtInEndpoint(
    {
      kind: 'google',
      family: 'google',
      section,
      envKey: env.GOOGLE_KEY,
      envBaseURL: env.GOOGLE_REVERSE_PROXY,
      envModels: env.GOOGLE_MODELS,
      defaultModels: DEFAULT_MODELS.google,
      titleConvo: env.TITLE_CONVO ?? true,
      envTitleModel: env.GOOGLE_TITLE_MODEL,
    },
    (c) => {
      // Built now, so a missing key fails here as before; the SDK itself loads on first use.
      const options = {
        apiKey: c.apiKey ?? missingKey('google'),
        baseURL: withVersionPath(c.baseURL, /\/v1(beta)?$/, '/v1beta'),
        headers: section.headers,
        fetch: c.fetch,
      };
      return lazyProvider(async () =>
        (await import('../providers/google-provider.ts')).createGoogleProvider(options),
      );
    },
  );
}

/**
 * bedrock: BEDROCK_AWS_DEFAULT_REGION (or yaml region / availableRegions) and the
 * BEDROCK_AWS_* credentials; without them the AWS SDK's usual AWS_* variables apply. A secret of
 * `user_provided` makes each user supply `{accessKeyId, secretAccessKey, sessionToken?}`.
 */
export function bedrockEndpoint(config: AppConfig): ChatEndpoint | null {
  const { env } = config;
  const section = config.yaml.endpoints?.bedrock ?? {};
  const regions = section.availableRegions ?? [];
  const region = section.region ?? env.BEDROCK_AWS_DEFAULT_REGION ?? regions[0];
  if (!region) return null;
  const userProvided =
    env.BEDROCK_AWS_SECRET_ACCESS_KEY === 'user_provided' || section.apiKey === 'user_provided';
  return builtInEndpoint(
    {
      kind: 'bedrock',
      family: 'bedrock',
      section: { ...section, apiKey: userProvided ? 'user_provided' : undefined },
      envKey: undefined,
      envBaseURL: env.BEDROCK_REVERSE_PROXY,
      envModels: env.BEDROCK_AWS_MODELS,
      defaultModels: DEFAULT_MODELS.bedrock,
      titleConvo: env.TITLE_CONVO ?? true,
    },
    (c) => {
      // Built now, so a missing key fails here as before; the SDK itself loads on first use.
      const options = {
        region,
        baseURL: c.baseURL,
        accessKeyId: userProvided ? c.accessKeyId : env.BEDROCK_AWS_ACCESS_KEY_ID,
        secretAccessKey: userProvided ? c.secretAccessKey : env.BEDROCK_AWS_SECRET_ACCESS_KEY,
        sessionToken: userProvided ? c.sessionToken : env.BEDROCK_AWS_SESSION_TOKEN,
        fetch: c.fetch,
      };
      return lazyProvider(async () =>
        (await import('../providers/bedrock-provider.ts')).createBedrockProvider(options),
      );
    },
    { availableRegions: regions.length ? regions : [region] },
  );
}
