import type { EndpointsConfig, ModelInfo, ModelsConfig } from '@parley/schema';

/** Past this many models in all, the model menu offers a search field. */
export const MODEL_SEARCH_THRESHOLD = 8;

/** A model as the menu shows it: its id, readable name and description (when the config gives them). */
export interface ModelChoice {
  model: string;
  label: string;
  description?: string;
}

/** The readable name of `model` on `endpoint`, or its id when none is configured. */
export function modelLabel(endpoints: EndpointsConfig | undefined, endpoint: string, model: string): string {
  return infoOf(endpoints, endpoint, model)?.label ?? model;
}

function infoOf(
  endpoints: EndpointsConfig | undefined,
  endpoint: string,
  model: string,
): ModelInfo | undefined {
  const info = endpoints?.[endpoint]?.modelInfo;
  return info && Object.hasOwn(info, model) ? info[model] : undefined;
}

/** The endpoint's models as menu entries. */
export function modelChoices(
  endpoints: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
  endpoint: string,
): ModelChoice[] {
  return (models?.[endpoint] ?? []).map((model) => {
    const info = infoOf(endpoints, endpoint, model);
    return {
      model,
      label: info?.label ?? model,
      ...(info?.description ? { description: info.description } : {}),
    };
  });
}

/** How many models the menu lists in all (over the endpoints it shows). */
export function modelCount(models: ModelsConfig | undefined, endpoints: readonly string[]): number {
  return endpoints.reduce((sum, name) => sum + (models?.[name]?.length ?? 0), 0);
}

/**
 * The entries that match what was typed: every word of the query appears in the model's id, name
 * or description, or in its endpoint's name (case and accents ignored). An empty query keeps all.
 */
export function matchChoices(choices: ModelChoice[], query: string, endpointLabel = ''): ModelChoice[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((c) => {
    const haystack = fold(`${c.model} ${c.label} ${c.description ?? ''} ${endpointLabel}`);
    return words.every((w) => haystack.includes(w));
  });
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
