import type { Database } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import {
  loadSharedEntityCaller,
  requireAuthorOrAdmin,
  requireSharingPermission,
  type SharedEntityCaller,
  type SharingPermission,
} from '../permissions/shared-entity-caller.ts';
import type { AgentsSettings } from './agents-settings.ts';

/** Who calls an agent route: the same model as prompts (author, other user, admin). */
export type AgentCaller = SharedEntityCaller;
export type AgentPermission = SharingPermission;

const DENIED: Record<AgentPermission, string> = {
  USE: 'You do not have permission to use agents.',
  CREATE: 'You do not have permission to create or change agents.',
  SHARED_GLOBAL: 'You do not have permission to share agents with all users.',
};

export const loadAgentCaller = (db: Database, userId: string): Promise<AgentCaller> =>
  loadSharedEntityCaller(db, userId);

/** 403 unless the caller's role grants AGENTS.<permission> exactly (no permission implies another). */
export function requireAgentPermission(caller: Pick<AgentCaller, 'role'>, permission: AgentPermission): void {
  requireSharingPermission(caller, 'AGENTS', permission, DENIED);
}

/** Changing, versioning and deleting an agent is for its author or an admin. */
export function requireAgentEditor(caller: AgentCaller, authorId: string): void {
  requireAuthorOrAdmin(caller, authorId, 'Only the author or an administrator may change this agent.');
}

/** 403 for every change while parley.yaml sets `endpoints.agents.disableBuilder`. */
export function requireBuilder(settings: AgentsSettings): void {
  if (settings.disableBuilder) throw forbidden('The agent builder is disabled on this server.');
}
