import type { ModelInfo, ParameterFamily, UserKeyBundle } from '@parley/schema';
import type { Provider } from '../providers/provider.ts';

/** How an endpoint titles new conversations. */
export type TitleStrategy =
  | { kind: 'none' }
  /** Ask the endpoint's provider with a title prompt. */
  | { kind: 'provider'; model?: string; prompt?: string }
  /** The Demo endpoint: a title made locally from the first message. */
  | { kind: 'local' };

/** The provider kinds Parley serves. */
export type EndpointKind = 'openAI' | 'azureOpenAI' | 'anthropic' | 'google' | 'bedrock' | 'custom';

/** A user's credentials for an endpoint (their stored key, read as UserKeyBundle). */
export interface UserCredentials extends UserKeyBundle {
  /** For a user-provided base URL: a fetch that re-checks the address on every call. */
  fetch?: typeof fetch;
}

/** One chat endpoint as the pipeline sees it, resolved from parley.yaml and the environment. */
export interface ChatEndpoint {
  name: string;
  type: EndpointKind;
  /** Which parameter ranges and defaults apply. */
  family: ParameterFamily;
  order: number;
  modelDisplayLabel?: string;
  iconURL?: string;
  /** Menu names and descriptions of models that have them (parley.yaml, or the Demo's own). */
  modelInfo?: Record<string, ModelInfo>;
  /** Each user must supply an API key (`apiKey: user_provided`). */
  userProvide: boolean;
  userProvideURL: boolean;
  defaultModels: string[];
  /** Ask the provider for its model list (`models.fetch`). */
  fetchModels: boolean;
  /** The provider with the server's credentials; null when each user supplies a key or URL. */
  provider: Provider | null;
  /** Builds the provider from a user's credentials (endpoints with user-provided keys or URLs). */
  providerFor?: (credentials: UserCredentials) => Provider;
  title: TitleStrategy;
  isDemo: boolean;
  /** The prompt budget unless the conversation sets maxContextTokens (parley.yaml). */
  maxContextTokens?: number;
  /**
   * parley.yaml `streamRate`: milliseconds the server waits after each streamed piece of an
   * answer (an operator's way to slow a very fast provider to a readable pace); none when absent.
   */
  streamRate?: number;
  /** Bedrock: regions a conversation may choose (`region`); the first is the default. */
  availableRegions?: string[];
}
