import type { AgentDefinition } from '@parley/schema';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, type AgentRow } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import type { SessionCaller } from '../permissions/session-caller.ts';
import type { AgentsSettings } from './agents-settings.ts';
import { readableAgents } from './agent-visibility.ts';

/**
 * An agent chain: an agent names the agents that answer after it (`agent_ids`), in turn. The
 * chain is flat — a chained agent's own `agent_ids` are not followed — and the running agent and
 * repeats are left out, so a chain that names itself, or two agents that name each other, runs
 * each agent once and ends.
 */

/** The agents a definition hands over to, as they are run: without `self` and without repeats. */
export function chainIds(selfId: string, definition: AgentDefinition): string[] {
  return [...new Set(definition.agent_ids ?? [])].filter((id) => id !== selfId);
}

/** The ids among `ids` that the caller can see, as rows keyed by id (one query). */
async function readableById(
  db: Database,
  caller: SessionCaller,
  ids: readonly string[],
): Promise<Map<string, AgentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(agents)
    .where(and(inArray(agents.id, [...ids]), readableAgents(caller)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A chained agent as a run finds it: its row, or null when the caller may not use it (any more). */
export interface ChainMember {
  id: string;
  agent: AgentRow | null;
}

/**
 * The chained agents of a run, in order (one query). One the caller cannot see — deleted since,
 * or another person's private agent reached through a shared one — comes back without its row:
 * the run hands over to it and ends there with an error part, keeping the earlier agents' answers.
 */
export async function loadChain(
  db: Database,
  caller: SessionCaller,
  ids: readonly string[],
): Promise<ChainMember[]> {
  const found = await readableById(db, caller, ids);
  return ids.map((id) => ({ id, agent: found.get(id) ?? null }));
}

/** The error part of a hand-over to an agent the caller may not use (it does not say which is the case). */
export function unavailableAgentMessage(id: string): string {
  return `The chain cannot hand over to the agent ${id}: it does not exist or you may not use it.`;
}

/**
 * Save rule: agents newly named in the chain must be ones the caller can see (naming another
 * person's private agent is refused as unknown, the same as a missing one), and chains need the
 * `chain` capability.
 */
export async function checkChain(
  db: Database,
  caller: SessionCaller,
  settings: AgentsSettings,
  next: AgentDefinition,
  previous?: AgentDefinition,
): Promise<void> {
  const ids = next.agent_ids ?? [];
  if (ids.length === 0) return;
  if (!settings.capabilities.has('chain')) {
    const message = 'Agents may not hand over to other agents: the chain capability is off on this server';
    throw badRequest(message, [{ path: 'agent_ids', message }]);
  }
  const before = new Set(previous?.agent_ids ?? []);
  const added = ids.filter((id) => !before.has(id));
  const found = await readableById(db, caller, added);
  for (const [index, id] of ids.entries()) {
    if (!added.includes(id) || found.has(id)) continue;
    const message = `Unknown agent: ${id}`;
    throw badRequest(message, [{ path: `agent_ids.${index}`, message }]);
  }
}
