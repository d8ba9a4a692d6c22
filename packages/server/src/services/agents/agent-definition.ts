import type { AgentDefinition, CreateAgentBody, UpdateAgentBody } from '@parley/schema';
import { isDeepStrictEqual } from 'node:util';

/** The definition fields in a fixed order, so every stored definition has the same keys. */
const DEFINITION_KEYS = [
  'name',
  'description',
  'instructions',
  'provider',
  'model',
  'model_parameters',
  'tools',
  'tool_resources',
  'conversation_starters',
  'avatar',
  'category',
  'recursion_limit',
  'agent_ids',
  'artifacts',
  'toolApproval',
] as const satisfies readonly (keyof AgentDefinition)[];

/** The definition a create body describes (the schema has filled every default). */
export function definitionFromCreate(body: CreateAgentBody): AgentDefinition {
  return Object.fromEntries(DEFINITION_KEYS.map((k) => [k, body[k]])) as unknown as AgentDefinition;
}

/** The current definition with the fields an update body sets replaced. */
export function applyUpdate(current: AgentDefinition, body: UpdateAgentBody): AgentDefinition {
  return Object.fromEntries(
    DEFINITION_KEYS.map((k) => [k, body[k] !== undefined ? body[k] : current[k]]),
  ) as unknown as AgentDefinition;
}

/**
 * Whether two definitions are the same agent. An update that changes nothing makes no version;
 * key order inside JSON values (model parameters) does not count as a change.
 */
export function sameDefinition(a: AgentDefinition, b: AgentDefinition): boolean {
  return isDeepStrictEqual(normalise(a), normalise(b));
}

/** JSON round trip: what the database gives back (no undefined values, plain objects). */
function normalise(d: AgentDefinition): unknown {
  return JSON.parse(JSON.stringify(d));
}

/** The columns copied out of the definition for lists to search and filter on. */
export function definitionColumns(d: AgentDefinition): {
  name: string;
  description: string;
  category: string;
} {
  return { name: d.name, description: d.description, category: d.category };
}
