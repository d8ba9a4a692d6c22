import {
  TOOL_RESOURCE_CAPABILITY,
  type AgentCapability,
  type AgentDefinition,
  type ToolResourceName,
} from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors/app-error.ts';
import { avatarPath } from '../files/avatar-service.ts';
import { filePath, findOwnFile, findOwnFiles } from '../files/file-records.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { AgentCaller } from './agent-caller.ts';
import { checkChain } from './agent-chain.ts';
import type { AgentsSettings } from './agents-settings.ts';

/** Built-in tools that have a capability of their own; every other tool needs `tools`. */
const TOOL_CAPABILITY: Record<string, AgentCapability> = {
  execute_code: 'execute_code',
  file_search: 'file_search',
  web_search: 'web_search',
};

/** The capability that must be on for agents to use a tool. */
export const toolCapability = (tool: string): AgentCapability => TOOL_CAPABILITY[tool] ?? 'tools';

/**
 * The built-in tools whose own capability parley.yaml's `endpoints.agents.capabilities` leaves
 * out: an ordinary chat's tools run as an agent of the moment, so they follow the agents'
 * capabilities as saved agents do (and the web app's tools menu hides them).
 */
export function toolsWithoutCapability(capabilities: ReadonlySet<AgentCapability>): string[] {
  return Object.entries(TOOL_CAPABILITY).flatMap(([tool, capability]) =>
    capabilities.has(capability) ? [] : [tool],
  );
}

const refuse = (path: string, message: string): never => {
  throw badRequest(message, [{ path, message }]);
};

/**
 * The rules a definition must pass beyond its schema, whenever it is saved (create, update,
 * duplicate, revert): tools that exist and are allowed, an allowed provider, a recursion limit
 * under the server's ceiling, and files that belong to the caller. Only what changed against
 * `previous` is checked for ownership, so an admin can edit another author's agent.
 */
export async function checkDefinition(
  db: Database,
  caller: AgentCaller,
  settings: AgentsSettings,
  tools: ToolRegistry,
  next: AgentDefinition,
  previous?: AgentDefinition,
): Promise<void> {
  const unknown = tools.unknown(next.tools);
  if (unknown.length > 0) refuse('tools', `Unknown tool: ${unknown.join(', ')}`);
  for (const tool of next.tools) {
    const capability = toolCapability(tool);
    if (!settings.capabilities.has(capability))
      refuse('tools', `Agents may not use ${tool}: the ${capability} capability is off on this server`);
  }
  for (const [resource, files] of Object.entries(next.tool_resources)) {
    const capability = TOOL_RESOURCE_CAPABILITY[resource as ToolResourceName];
    if (files && files.file_ids.length > 0 && !settings.capabilities.has(capability))
      refuse(`tool_resources.${resource}`, `The ${capability} capability is off on this server`);
  }
  if (settings.allowedProviders && !settings.allowedProviders.has(next.provider))
    refuse('provider', `Agents may not use the provider ${next.provider} on this server`);
  if (
    next.recursion_limit !== null &&
    settings.maxRecursionLimit !== null &&
    next.recursion_limit > settings.maxRecursionLimit
  )
    refuse('recursion_limit', `recursion_limit must be at most ${settings.maxRecursionLimit}`);
  await checkChain(db, caller, settings, next, previous);
  await checkFiles(db, caller, next, previous);
}

/** Files newly named by the definition must be the caller's own; the avatar must be a picture. */
async function checkFiles(
  db: Database,
  caller: AgentCaller,
  next: AgentDefinition,
  previous: AgentDefinition | undefined,
): Promise<void> {
  const before = new Set(Object.values(previous?.tool_resources ?? {}).flatMap((r) => r?.file_ids ?? []));
  const added = [...new Set(Object.values(next.tool_resources).flatMap((r) => r?.file_ids ?? []))].filter(
    (id) => !before.has(id),
  );
  if (added.length > 0) {
    const own = new Set((await findOwnFiles(db, caller.id, added)).map((f) => f.fileId));
    const missing = added.find((id) => !own.has(id));
    if (missing !== undefined) refuse('tool_resources', `File not found: ${missing}`);
  }
  if (next.avatar && next.avatar.filepath !== previous?.avatar?.filepath) {
    const fileId = ownFileIdIn(caller.id, next.avatar.filepath);
    const file = fileId ? await findOwnFile(db, caller.id, fileId) : undefined;
    if (!file) refuse('avatar.filepath', 'The avatar must be a picture you uploaded');
    if (!file!.type.startsWith('image/') || file!.type === 'image/svg+xml')
      refuse('avatar.filepath', 'The avatar must be a picture you uploaded');
  }
}

/**
 * The file id in one of the caller's own download or avatar paths (an agent avatar uploaded for
 * the agent is served at the avatar path), or null for any other text.
 */
function ownFileIdIn(userId: string, filepath: string): string | null {
  const prefix = [filePath(userId, ''), avatarPath(userId, '')].find((p) => filepath.startsWith(p));
  if (!prefix) return null;
  const id = filepath.slice(prefix.length);
  return /^[A-Za-z0-9-]{1,100}$/.test(id) ? id : null;
}
