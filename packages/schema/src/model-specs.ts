/** One named conversation setup offered in the model menu (parley.yaml `modelSpecs.list`). */
export interface ModelSpec {
  name: string;
  label: string;
  description?: string;
  iconURL?: string;
  default?: boolean;
  order?: number;
  group?: string;
  /** The setup a conversation started from this spec uses: endpoint, model and parameters. */
  preset: { endpoint: string; model?: string | null; [setting: string]: unknown };
}

/** The startup configuration's `modelSpecs`, when parley.yaml sets any. */
export interface ModelSpecsConfig {
  /** Only specs can be chosen; chat requests must name one. */
  enforce: boolean;
  /** A new chat starts from the default spec rather than the last model used. */
  prioritize: boolean;
  list: ModelSpec[];
}

/** The spec a new chat starts from: the one marked default, else (when specs are enforced) the first. */
export function defaultModelSpec(config: ModelSpecsConfig | undefined): ModelSpec | undefined {
  if (!config) return undefined;
  return config.list.find((s) => s.default) ?? (config.enforce ? config.list[0] : undefined);
}
