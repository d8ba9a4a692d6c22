import type { EndpointsConfig, ModelSpec, ModelSpecsConfig } from '@parley/schema';
import { setupFields, type ChatSetup } from './chat-setup';

/** The setup a spec's preset describes, marked with the spec's name (sent as `spec`). */
export function setupOfSpec(spec: ModelSpec, endpoints: EndpointsConfig | undefined): ChatSetup {
  const { endpoint, model } = spec.preset;
  return {
    ...setupFields(spec.preset),
    endpoint,
    endpointType: endpoints?.[endpoint]?.type ?? null,
    model: model ?? '',
    spec: spec.name,
  };
}

export function findSpec(specs: ModelSpecsConfig | undefined, name: unknown): ModelSpec | undefined {
  return typeof name === 'string' ? specs?.list.find((s) => s.name === name) : undefined;
}

/** Specs in menu order: ascending `order` where given, else as listed. */
export function orderedSpecs(specs: ModelSpecsConfig | undefined): ModelSpec[] {
  if (!specs) return [];
  return specs.list
    .map((spec, index) => ({ spec, index }))
    .sort((a, b) => (a.spec.order ?? a.index) - (b.spec.order ?? b.index) || a.index - b.index)
    .map(({ spec }) => spec);
}
