import {
  AGENT_ID_PREFIX,
  AGENT_LIMITS,
  type Agent,
  type AgentDefinition,
  type AgentSummary,
  type CreateAgentBody,
  type UpdateAgentBody,
} from '@parley/schema';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, agentVersions, type AgentRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { nextProjectIds, touchesSharing } from '../permissions/share-to-all.ts';
import type { SessionCaller } from '../permissions/session-caller.ts';
import { requireAgentEditor, requireAgentPermission, type AgentCaller } from './agent-caller.ts';
import { applyUpdate, definitionColumns, definitionFromCreate, sameDefinition } from './agent-definition.ts';
import type { AgentDeps } from './agent-deps.ts';
import { toAgent, toAgentSummary } from './agent-dto.ts';
import { checkDefinition } from './agent-rules.ts';
import { canEdit, readableAgents } from './agent-visibility.ts';

export const AGENT_NOT_FOUND = 'Agent not found';

/** A fresh `agent_<22 url-safe characters>` id (128 random bits). */
export const newAgentId = (): string => AGENT_ID_PREFIX + randomBytes(16).toString('base64url');

/** An agent the caller may open, or 404 (missing and not-yours look the same). */
export async function findReadableAgent(db: Database, caller: SessionCaller, id: string): Promise<AgentRow> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), readableAgents(caller)))
    .limit(1);
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

/** An agent the caller may change: 404 when they cannot see it, 403 when they may only use it. */
export async function findEditableAgent(db: Database, caller: AgentCaller, id: string): Promise<AgentRow> {
  const row = await findReadableAgent(db, caller, id);
  requireAgentEditor(caller, row.authorId);
  return row;
}

/** The agent as this caller may see it: whole for its editors, a summary for everyone else. */
export function agentFor(caller: AgentCaller, row: AgentRow): Agent | AgentSummary {
  return canEdit(caller, row.authorId) ? toAgent(row) : toAgentSummary(row);
}

/** Inserts a new agent owned by the caller, with its definition as version 1. */
async function insertAgent(db: Database, caller: AgentCaller, definition: AgentDefinition): Promise<Agent> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(agents)
      .values({
        id: newAgentId(),
        authorId: caller.id,
        authorName: caller.name,
        ...definitionColumns(definition),
        definition,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(agentVersions)
      .values({ agentId: row!.id, version: 1, definition, updatedBy: caller.id, createdAt: now });
    return toAgent(row!);
  });
}

/** POST /api/agents. */
export async function createAgent(
  deps: AgentDeps,
  caller: AgentCaller,
  body: CreateAgentBody,
): Promise<Agent> {
  const definition = definitionFromCreate(body);
  await checkDefinition(deps.db, caller, deps.settings, deps.tools, definition);
  return insertAgent(deps.db, caller, definition);
}

/**
 * Saves `next` as the agent's definition (a new version) and applies sharing changes, with the
 * row locked so concurrent updates neither lose each other's change nor number two versions alike.
 * A definition equal to the current one makes no version and leaves `updatedAt` alone.
 */
async function saveDefinition(
  db: Database,
  caller: AgentCaller,
  id: string,
  change: (current: AgentRow) => AgentDefinition,
  sharing: UpdateAgentBody = {},
): Promise<AgentRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(agents).where(eq(agents.id, id)).for('update').limit(1);
    if (!current) throw notFound(AGENT_NOT_FOUND);
    const next = change(current);
    const changed = !sameDefinition(current.definition, next);
    const projectIds = nextProjectIds(current.projectIds, sharing);
    const reshared = projectIds.length !== current.projectIds.length;
    if (!changed && !reshared) return current;
    const now = new Date();
    const version = changed ? current.version + 1 : current.version;
    const [row] = await tx
      .update(agents)
      .set({
        ...(changed ? { ...definitionColumns(next), definition: next, version } : {}),
        projectIds,
        updatedAt: now,
      })
      .where(eq(agents.id, id))
      .returning();
    if (changed)
      await tx
        .insert(agentVersions)
        .values({ agentId: id, version, definition: next, updatedBy: caller.id, createdAt: now });
    return row!;
  });
}

/** PATCH /api/agents/{id}: any definition field, and sharing with all users. */
export async function updateAgent(
  deps: AgentDeps,
  caller: AgentCaller,
  id: string,
  body: UpdateAgentBody,
): Promise<Agent> {
  const found = await findEditableAgent(deps.db, caller, id);
  if (touchesSharing(body)) requireAgentPermission(caller, 'SHARED_GLOBAL');
  const next = applyUpdate(found.definition, body);
  await checkDefinition(deps.db, caller, deps.settings, deps.tools, next, found.definition);
  return toAgent(
    await saveDefinition(deps.db, caller, id, (current) => applyUpdate(current.definition, body), body),
  );
}

/** Restores a definition the agent had before (a revert to a version); the history keeps growing. */
export async function restoreDefinition(
  deps: AgentDeps,
  caller: AgentCaller,
  found: AgentRow,
  definition: AgentDefinition,
): Promise<Agent> {
  await checkDefinition(deps.db, caller, deps.settings, deps.tools, definition, found.definition);
  return toAgent(await saveDefinition(deps.db, caller, found.id, () => definition));
}

/** DELETE /api/agents/{id}: the agent and its versions. */
export async function deleteAgent(db: Database, caller: AgentCaller, id: string): Promise<void> {
  await findEditableAgent(db, caller, id);
  await db.delete(agents).where(eq(agents.id, id));
}

/**
 * POST /api/agents/{id}/duplicate: a private copy owned by the caller, named "<name> (copy)".
 * Only editors may copy (a copy shows the instructions users of a shared agent do not see); an
 * admin's copy of someone else's agent leaves out their avatar and files, which stay theirs.
 */
export async function duplicateAgent(deps: AgentDeps, caller: AgentCaller, id: string): Promise<Agent> {
  const source = await findEditableAgent(deps.db, caller, id);
  const own = source.authorId === caller.id;
  const d = source.definition;
  const copy: AgentDefinition = {
    ...d,
    name: `${d.name} (copy)`.slice(0, AGENT_LIMITS.name),
    avatar: own ? d.avatar : null,
    tool_resources: own ? d.tool_resources : {},
  };
  await checkDefinition(deps.db, caller, deps.settings, deps.tools, copy, own ? d : undefined);
  return insertAgent(deps.db, caller, copy);
}
