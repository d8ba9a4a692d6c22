import { USER_PROVIDED, type ParameterFamily } from '@parley/schema';
import { modelInfoOf, type BuiltInSectionConfig } from '../../config/yaml-schema.ts';
import type { Provider } from '../providers/provider.ts';
import { commaList } from './default-models.ts';
import type { ChatEndpoint, EndpointKind, UserCredentials } from './endpoint.ts';

/** What every built-in provider section resolves to before its provider is made. */
export interface BuiltInSettings {
  kind: Exclude<EndpointKind, 'custom' | 'azureOpenAI'>;
  family: ParameterFamily;
  /** The yaml section (may be empty). */
  section: Partial<BuiltInSectionConfig>;
  /** The key from the environment (yaml `apiKey` wins). */
  envKey: string | undefined;
  /** The base URL from the environment (yaml `baseURL` wins). */
  envBaseURL: string | undefined;
  envModels: string | undefined;
  defaultModels: readonly string[];
  /** TITLE_CONVO; yaml `titleConvo` wins. */
  titleConvo: boolean;
  envTitleModel?: string;
}

/** The models: the environment's list, else parley.yaml's, else the built-in defaults. */
export function modelsOf(settings: BuiltInSettings): string[] {
  const fromEnv = commaList(settings.envModels);
  if (fromEnv.length) return fromEnv;
  const fromYaml = settings.section.models?.default?.map((m) => (typeof m === 'string' ? m : m.name));
  return fromYaml?.length ? fromYaml : [...settings.defaultModels];
}

/**
 * A built-in endpoint (openAI, anthropic, google, bedrock) from its settings and a provider
 * factory. A key or base URL of `user_provided` makes each user supply it; the factory then runs
 * per request with the user's credentials.
 */
export function builtInEndpoint(
  settings: BuiltInSettings,
  make: (credentials: UserCredentials & { baseURL?: string }) => Provider,
  extra: Partial<ChatEndpoint> = {},
): ChatEndpoint {
  const apiKey = settings.section.apiKey ?? settings.envKey;
  const baseURL = settings.section.baseURL ?? settings.envBaseURL;
  const userProvide = apiKey === USER_PROVIDED;
  const userProvideURL = baseURL === USER_PROVIDED;
  const serverCredentials = { apiKey, baseURL };
  const section = settings.section;
  return {
    name: settings.kind,
    type: settings.kind,
    family: settings.family,
    order: 0,
    userProvide,
    userProvideURL,
    defaultModels: modelsOf(settings),
    modelInfo: modelInfoOf(section.models?.default),
    fetchModels: section.models?.fetch === true,
    provider: userProvide || userProvideURL ? null : make(serverCredentials),
    providerFor: (user) =>
      make({
        ...user,
        apiKey: userProvide ? user.apiKey : apiKey,
        baseURL: userProvideURL ? user.baseURL : baseURL,
      }),
    title:
      (section.titleConvo ?? settings.titleConvo)
        ? {
            kind: 'provider',
            model: section.titleModel ?? settings.envTitleModel,
            prompt: section.titlePrompt,
          }
        : { kind: 'none' },
    isDemo: false,
    maxContextTokens: section.maxContextTokens,
    streamRate: section.streamRate,
    ...extra,
  };
}
