import type { FallbackModelName } from '@parley/schema';
import type { ParleyYaml } from '../../config/yaml-schema.ts';

/** parley.yaml's `fallbacks`, looked up by the model that fails. */
export class FallbackRules {
  private readonly byModel = new Map<string, FallbackModelName[]>();

  constructor(rules: NonNullable<ParleyYaml['fallbacks']> = []) {
    for (const rule of rules) this.byModel.set(keyOf(rule.from), rule.to);
  }

  /** The models that answer when `endpoint`'s `model` is unavailable, in order (none when no rule). */
  of(endpoint: string, model: string): readonly FallbackModelName[] {
    return this.byModel.get(keyOf({ endpoint, model })) ?? [];
  }

  /** Every endpoint the rules name, to check against the configured ones at start. */
  endpointNames(): Set<string> {
    const names = new Set<string>();
    for (const [key, to] of this.byModel) {
      names.add(key.slice(0, key.indexOf('/')));
      for (const m of to) names.add(m.endpoint);
    }
    return names;
  }
}

function keyOf(m: FallbackModelName): string {
  return `${m.endpoint}/${m.model}`;
}
