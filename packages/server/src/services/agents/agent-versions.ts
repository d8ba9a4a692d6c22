import type { Agent, AgentVersion } from '@parley/schema';
import { and, desc, eq } from 'drizzle-orm';
import { agentVersions } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import type { AgentCaller } from './agent-caller.ts';
import type { AgentDeps } from './agent-deps.ts';
import { toAgentVersion } from './agent-dto.ts';
import { findEditableAgent, restoreDefinition } from './agent-service.ts';

/** GET /api/agents/{id}/versions: every version, newest first (editors only: versions hold instructions). */
export async function listAgentVersions(
  deps: AgentDeps,
  caller: AgentCaller,
  id: string,
): Promise<AgentVersion[]> {
  await findEditableAgent(deps.db, caller, id);
  const rows = await deps.db
    .select()
    .from(agentVersions)
    .where(eq(agentVersions.agentId, id))
    .orderBy(desc(agentVersions.version));
  return rows.map(toAgentVersion);
}

/**
 * POST /api/agents/{id}/revert: makes an earlier version's definition current again. It is saved
 * as a new version, so the revert itself can be undone; reverting to what is already current
 * changes nothing.
 */
export async function revertAgent(
  deps: AgentDeps,
  caller: AgentCaller,
  id: string,
  version: number,
): Promise<Agent> {
  const found = await findEditableAgent(deps.db, caller, id);
  const [row] = await deps.db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, id), eq(agentVersions.version, version)))
    .limit(1);
  if (!row) throw notFound(`Version ${version} not found`);
  return restoreDefinition(deps, caller, found, row.definition);
}
