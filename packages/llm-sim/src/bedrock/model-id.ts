// Bedrock model ids are provider ids (`anthropic.claude-3-5-sonnet-20240620-v1:0`, `meta.llama3-…`,
// inference profiles `us.…`, ARNs), so the behaviour is found differently: a simulator model name
// (`echo`, `sim:thinking`) as-is; else the first behaviour name that appears in the id as a whole
// word (`sim.tools-v1:0` → tools, `acme.error-429` → error-429); else echo, so any real id answers.
import type { Behaviour } from '../behaviours/behaviour.ts';
import { echo } from '../behaviours/echo.ts';
import { resolveBehaviour, SIM_MODELS } from '../behaviours/registry.ts';

// Longest first, so a longer name is never shadowed by a shorter one it contains.
const NAMES = [...SIM_MODELS].sort((a, b) => b.length - a.length);

export function resolveBedrockBehaviour(modelId: string): Behaviour {
  return resolveBehaviour(modelId) ?? behaviourInId(modelId) ?? echo;
}

function behaviourInId(modelId: string): Behaviour | undefined {
  const id = modelId.toLowerCase();
  const name = NAMES.find((candidate) => containsWord(id, candidate));
  return name === undefined ? undefined : resolveBehaviour(name);
}

/** `name` occurs in `id` with no letter or digit right before or after it. */
function containsWord(id: string, name: string): boolean {
  for (let at = id.indexOf(name); at >= 0; at = id.indexOf(name, at + 1)) {
    const before = id.charAt(at - 1);
    const after = id.charAt(at + name.length);
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}
