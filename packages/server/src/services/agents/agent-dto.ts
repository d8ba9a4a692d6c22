import type { Agent, AgentSummary, AgentVersion } from '@parley/schema';
import type { AgentRow, AgentVersionRow } from '../../db/schema/index.ts';

/** The whole agent, for its author and admins. */
export function toAgent(row: AgentRow): Agent {
  return {
    ...row.definition,
    id: row.id,
    author: row.authorId,
    authorName: row.authorName,
    projectIds: row.projectIds,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What other users who may use the agent see: not its instructions, tools, files or parameters. */
export function toAgentSummary(row: AgentRow): AgentSummary {
  const d = row.definition;
  return {
    id: row.id,
    name: d.name,
    description: d.description,
    avatar: d.avatar,
    author: row.authorId,
    authorName: row.authorName,
    projectIds: row.projectIds,
    conversation_starters: d.conversation_starters,
    category: d.category,
    provider: d.provider,
    model: d.model,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAgentVersion(row: AgentVersionRow): AgentVersion {
  return {
    ...row.definition,
    version: row.version,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
