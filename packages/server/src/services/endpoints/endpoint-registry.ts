import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import { demoEndpoint } from './demo-endpoint.ts';
import { enabledEndpoints } from './enabled-endpoints.ts';
import type { ChatEndpoint } from './endpoint.ts';

/** How long a fetched model list is trusted. */
export const MODEL_LIST_TTL_MS = 5 * 60_000;
const MODEL_FETCH_TIMEOUT_MS = 10_000;

interface CachedModels {
  models: string[];
  expiresAt: number;
  pending?: Promise<string[]>;
}

/** The chat endpoints of this server, their model lists and their public description. */
export interface ModelFetchOutcome {
  at: Date;
  /** Models the provider listed (0 on failure). */
  listed: number;
  error: string | null;
}

export interface EndpointHealth {
  name: string;
  type: string;
  fetchesModels: boolean;
  models: number;
  lastFetch: ModelFetchOutcome | null;
}

export class EndpointRegistry {
  private readonly byName = new Map<string, ChatEndpoint>();
  private readonly modelCache = new Map<string, CachedModels>();
  /** The last model-list fetch of each endpoint that fetches its list, for the console. */
  private readonly fetchOutcomes = new Map<string, ModelFetchOutcome>();

  private constructor(
    private current: ChatEndpoint[],
    private readonly logger: Logger,
    private onClose: () => Promise<void>,
  ) {
    for (const e of current) this.byName.set(e.name, e);
  }

  get endpoints(): ChatEndpoint[] {
    return this.current;
  }

  /**
   * Takes the endpoints a changed configuration now has (the setup page added a provider while the
   * server ran). They replace the Demo, which then stops; with none configured nothing changes.
   */
  async adopt(config: AppConfig): Promise<void> {
    const configured = enabledEndpoints(config, this.logger);
    if (configured.length === 0) return;
    const closePrevious = this.onClose;
    this.current = configured;
    this.byName.clear();
    for (const e of configured) this.byName.set(e.name, e);
    this.modelCache.clear();
    this.onClose = async () => undefined;
    await closePrevious();
  }

  /**
   * Builds the endpoints from parley.yaml and the environment; with none configured, starts the
   * Demo (unless disabled).
   */
  static async create(config: AppConfig, logger: Logger): Promise<EndpointRegistry> {
    const configured = enabledEndpoints(config, logger);
    if (configured.length > 0 || !config.env.DEMO_ENDPOINT) {
      return new EndpointRegistry(configured, logger, async () => undefined);
    }
    const demo = demoEndpoint();
    logger.info('no model provider configured: offering the offline Demo endpoint');
    return new EndpointRegistry([demo.endpoint], logger, () => demo.close());
  }

  /** Exact name first, then case-insensitively (URLs are sometimes lower-cased). */
  get(name: string): ChatEndpoint | undefined {
    const exact = this.byName.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    return this.endpoints.find((e) => e.name.toLowerCase() === lower);
  }

  /** `GET /api/endpoints`. */
  describe(): EndpointsConfig {
    const result: EndpointsConfig = {};
    for (const e of this.endpoints) {
      result[e.name] = {
        type: e.type,
        order: e.order,
        userProvide: e.userProvide,
        userProvideURL: e.userProvideURL,
        ...(e.modelDisplayLabel ? { modelDisplayLabel: e.modelDisplayLabel } : {}),
        ...(e.iconURL ? { iconURL: e.iconURL } : {}),
        ...(e.modelInfo && Object.keys(e.modelInfo).length > 0 ? { modelInfo: e.modelInfo } : {}),
        ...(e.availableRegions ? { availableRegions: e.availableRegions } : {}),
        name: e.name,
      };
    }
    return result;
  }

  /** `GET /api/models`. */
  async allModels(): Promise<ModelsConfig> {
    const entries = await Promise.all(
      this.endpoints.map(async (e) => [e.name, await this.models(e)] as const),
    );
    return Object.fromEntries(entries);
  }

  /**
   * The endpoint's models: the configured defaults, or with `models.fetch` the provider's list
   * (cached for a few minutes; the defaults when fetching fails).
   */
  async models(endpoint: ChatEndpoint): Promise<string[]> {
    const provider = endpoint.provider;
    if (!endpoint.fetchModels || !provider) return endpoint.defaultModels;
    const cached = this.modelCache.get(endpoint.name);
    if (cached && cached.expiresAt > Date.now()) return cached.models;
    if (cached?.pending) return cached.pending;
    const pending = provider
      .listModels(AbortSignal.timeout(MODEL_FETCH_TIMEOUT_MS))
      .then((models) => {
        this.fetchOutcomes.set(endpoint.name, { at: new Date(), listed: models.length, error: null });
        return models.length > 0 ? models : endpoint.defaultModels;
      })
      .catch((err: unknown) => {
        this.logger.warn({ err, endpoint: endpoint.name }, 'model list fetch failed; using the defaults');
        const error = err instanceof Error ? err.message : String(err);
        this.fetchOutcomes.set(endpoint.name, { at: new Date(), listed: 0, error });
        return endpoint.defaultModels;
      })
      .then((models) => {
        this.modelCache.set(endpoint.name, { models, expiresAt: Date.now() + MODEL_LIST_TTL_MS });
        return models;
      });
    this.modelCache.set(endpoint.name, { models: endpoint.defaultModels, expiresAt: 0, pending });
    return pending;
  }

  /**
   * Each endpoint's health as far as Parley knows it: the models it offers now and, for one that
   * fetches its list from the provider, how the last fetch went (null: not asked yet).
   */
  async health(): Promise<EndpointHealth[]> {
    return Promise.all(
      this.endpoints.map(async (e) => ({
        name: e.name,
        type: e.type,
        fetchesModels: Boolean(e.fetchModels && e.provider),
        models: (await this.models(e)).length,
        lastFetch: this.fetchOutcomes.get(e.name) ?? null,
      })),
    );
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
