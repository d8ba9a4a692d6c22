import { MEMORY_DEFAULTS } from '@parley/schema';
import type { ParleyYaml } from '../../config/yaml-schema.ts';
import type { MemoryYaml } from '../../config/yaml-sections/memory.ts';

/** The `memory` section of parley.yaml with the spec's defaults. */
export interface MemorySettings {
  /** Memories are off on this server: the routes refuse and nothing reaches a chat. */
  disabled: boolean;
  /** The only keys a memory may have; any key when null. */
  validKeys: readonly string[] | null;
  /** The most tokens all of one user's memories may hold; no limit when null. */
  tokenLimit: number | null;
  /** Users may turn memories off for themselves. */
  personalize: boolean;
  /** Messages of a conversation the memory step reads. */
  messageWindowSize: number;
  /** The model of the memory step after each exchange; the step is off without one. */
  agent: MemoryYaml['agent'] | null;
}

export function memorySettings(yaml: ParleyYaml): MemorySettings {
  const m = yaml.memory ?? {};
  return {
    disabled: m.disabled ?? false,
    validKeys: m.validKeys ?? null,
    tokenLimit: m.tokenLimit ?? null,
    personalize: m.personalize ?? MEMORY_DEFAULTS.personalize,
    messageWindowSize: m.messageWindowSize ?? MEMORY_DEFAULTS.messageWindowSize,
    agent: m.agent ?? null,
  };
}
