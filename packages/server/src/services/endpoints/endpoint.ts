import type { Provider } from '../providers/provider.ts';

/** How an endpoint titles new conversations. */
export type TitleStrategy =
  | { kind: 'none' }
  /** Ask the endpoint's provider with a title prompt. */
  | { kind: 'provider'; model?: string; prompt?: string }
  /** The Demo endpoint: a title made locally from the first message. */
  | { kind: 'local' };

/** One chat endpoint as the pipeline sees it, resolved from parley.yaml (or the Demo). */
export interface ChatEndpoint {
  name: string;
  type: 'custom';
  order: number;
  modelDisplayLabel?: string;
  iconURL?: string;
  /** Each user must supply an API key (`apiKey: user_provided`). */
  userProvide: boolean;
  userProvideURL: boolean;
  defaultModels: string[];
  /** Ask the provider for its model list (`models.fetch`). */
  fetchModels: boolean;
  /** Null when the endpoint needs the user's key or URL, which a later issue adds. */
  provider: Provider | null;
  title: TitleStrategy;
  isDemo: boolean;
}
