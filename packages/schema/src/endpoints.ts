/** One entry of `GET /api/endpoints` (LibreChat shape: an object keyed by endpoint name). */
export interface EndpointInfo {
  /** `custom` for OpenAI-compatible endpoints from parley.yaml. */
  type?: string;
  /** Position in the endpoints menu (ascending). */
  order: number;
  /** The user must supply their own API key. */
  userProvide: boolean;
  /** The user must supply their own base URL. */
  userProvideURL?: boolean;
  modelDisplayLabel?: string;
  iconURL?: string;
  name?: string;
  /** Bedrock: the regions a conversation may choose. */
  availableRegions?: string[];
  /** Names and descriptions of the models that have them (by model id), for the model menu. */
  modelInfo?: Record<string, ModelInfo>;
  /** agents: the builder is hidden and agents cannot be changed. */
  disableBuilder?: boolean;
  /** agents: what agents may do on this server (execute_code, file_search, tools, chain, …). */
  capabilities?: string[];
  /** agents: the endpoints an agent may use as its provider (absent: all). */
  allowedProviders?: string[];
  /** agents: the steps of a run when the agent sets none, and the most an agent may set. */
  recursionLimit?: number;
  maxRecursionLimit?: number;
}

/** How the model menu presents a model: a readable name and a line about it. */
export interface ModelInfo {
  label?: string;
  description?: string;
}

/** `GET /api/endpoints`. */
export type EndpointsConfig = Record<string, EndpointInfo>;

/** `GET /api/models`: the models each endpoint offers. */
export type ModelsConfig = Record<string, string[]>;

/** The offline Demo endpoint, offered only when no provider is configured. */
export const DEMO_ENDPOINT_NAME = 'Demo';
export const DEMO_ENDPOINT_LABEL = 'Demo (offline simulator)';
/** The value of `apiKey` that makes each user supply their own key. */
export const USER_PROVIDED = 'user_provided';
