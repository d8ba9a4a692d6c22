import { AGENT_LIMITS, type Agent, type AgentToolResources, type UpdateAgentBody } from '@parley/schema';

type ParameterValue = string | number | boolean | null;

/** What the builder edits: an agent's definition as form values. */
export interface AgentForm {
  name: string;
  description: string;
  instructions: string;
  category: string;
  provider: string;
  model: string;
  model_parameters: Record<string, ParameterValue>;
  tools: string[];
  /** Files the agent's tools read (file search's, code's). */
  tool_resources: AgentToolResources;
  /** Always AGENT_LIMITS.conversationStarters slots; blank ones are dropped when saved. */
  conversation_starters: string[];
  /** The agents that answer after this one, in turn (the `chain` capability). */
  agent_ids: string[];
}

/** The tools the builder shows as capability switches rather than in the tool list. */
export const CAPABILITY_TOOLS = ['execute_code', 'file_search', 'web_search'] as const;

function starterSlots(starters: readonly string[]): string[] {
  const slots = starters.slice(0, AGENT_LIMITS.conversationStarters);
  while (slots.length < AGENT_LIMITS.conversationStarters) slots.push('');
  return slots;
}

export function emptyForm(provider: string, model: string): AgentForm {
  return {
    name: '',
    description: '',
    instructions: '',
    category: 'general',
    provider,
    model,
    model_parameters: {},
    tools: [],
    tool_resources: {},
    conversation_starters: starterSlots([]),
    agent_ids: [],
  };
}

export function formOf(agent: Agent): AgentForm {
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    category: agent.category,
    provider: agent.provider,
    model: agent.model,
    model_parameters: { ...agent.model_parameters },
    tools: [...agent.tools],
    tool_resources: structuredClone(agent.tool_resources),
    conversation_starters: starterSlots(agent.conversation_starters),
    agent_ids: [...(agent.agent_ids ?? [])],
  };
}

/** The definition fields the form saves, trimmed as the server keeps them. */
export function definitionOf(form: AgentForm) {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    instructions: form.instructions,
    category: form.category as Agent['category'] & UpdateAgentBody['category'] & string,
    provider: form.provider,
    model: form.model,
    model_parameters: form.model_parameters,
    tools: form.tools,
    tool_resources: form.tool_resources,
    conversation_starters: form.conversation_starters.map((s) => s.trim()).filter((s) => s.length > 0),
    agent_ids: form.agent_ids,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sameParameters(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => same(a[k], b[k]));
}

/** Only the fields that differ from the saved agent: an unchanged form sends an empty update. */
export function changesOf(agent: Agent, form: AgentForm): UpdateAgentBody {
  const next = definitionOf(form);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    // A definition saved before chains existed has no agent_ids: the same as an empty chain.
    const before = key === 'agent_ids' ? (agent.agent_ids ?? []) : agent[key];
    const after = next[key];
    const equal =
      key === 'model_parameters'
        ? sameParameters(before as Record<string, unknown>, after as Record<string, unknown>)
        : same(before, after);
    if (!equal) body[key] = after;
  }
  return body as UpdateAgentBody;
}

export interface AgentFormErrors {
  name?: 'required';
  model?: 'required';
}

/** The builder asks for a name and a model before saving; the server checks the rest. */
export function formErrors(form: AgentForm): AgentFormErrors {
  const errors: AgentFormErrors = {};
  if (form.name.trim() === '') errors.name = 'required';
  if (!form.provider || !form.model) errors.model = 'required';
  return errors;
}

/** Switches a tool on or off, keeping the order in which tools were added. */
/** Turns several tools on or off at once (all tools of an MCP server), keeping the others' order. */
export function toggleTools(tools: readonly string[], names: readonly string[], on: boolean): string[] {
  const without = tools.filter((t) => !names.includes(t));
  return on ? [...without, ...names] : without;
}

export function toggleTool(tools: readonly string[], tool: string, on: boolean): string[] {
  const without = tools.filter((t) => t !== tool);
  return on ? [...without, tool] : without;
}

/** The files of one tool resource with a file added or taken off; an empty list removes the entry. */
export function toggleResourceFile(
  resources: AgentToolResources,
  resource: keyof AgentToolResources,
  fileId: string,
  on: boolean,
): AgentToolResources {
  const ids = (resources[resource]?.file_ids ?? []).filter((id) => id !== fileId);
  const next = on ? [...ids, fileId] : ids;
  const { [resource]: _old, ...rest } = resources;
  return next.length > 0 ? { ...rest, [resource]: { file_ids: next } } : rest;
}

/** The chain with an agent added at the end (never the agent itself, a repeat, or past the limit). */
export function addToChain(chain: readonly string[], agentId: string, selfId: string | null): string[] {
  if (agentId === selfId || chain.includes(agentId) || chain.length >= AGENT_LIMITS.chainLength)
    return [...chain];
  return [...chain, agentId];
}

/** The chain with the agent at `index` moved by `by` places (kept inside the list). */
export function moveInChain(chain: readonly string[], index: number, by: number): string[] {
  const to = Math.min(chain.length - 1, Math.max(0, index + by));
  const next = [...chain];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
