import { and, arrayContains, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { INSTANCE_PROJECT_ID } from '../config/startup-config.ts';
import type { SessionCaller } from '../permissions/session-caller.ts';

/** Agents shared to all users carry the instance project id. */
export const sharedToAll = (): SQL => arrayContains(agents.projectIds, [INSTANCE_PROJECT_ID]);

/** What a caller's lists show: their own agents and the ones shared to all (admins included). */
export function listedAgents(caller: SessionCaller): SQL {
  return or(eq(agents.authorId, caller.id), sharedToAll())!;
}

/** Agents shared to all by someone else. */
export function sharedByOthers(caller: SessionCaller): SQL {
  return and(sharedToAll(), ne(agents.authorId, caller.id))!;
}

/** What a caller may open by id: the listed agents, and for admins every agent. */
export function readableAgents(caller: SessionCaller): SQL {
  return caller.isAdmin ? sql`true` : listedAgents(caller);
}

/** Whether the caller may see everything of the agent and change it. */
export const canEdit = (caller: SessionCaller, authorId: string): boolean =>
  caller.isAdmin || authorId === caller.id;
