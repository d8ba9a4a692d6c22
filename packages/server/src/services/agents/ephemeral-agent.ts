import { hasPermission, type Role } from '@parley/schema';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';

/**
 * The tools a user turns on for one conversation of an ordinary chat, as the request's
 * `ephemeralAgent` carries them: a flag per built-in tool (`web_search`, `execute_code`,
 * `file_search`, …) and the MCP servers by name. Other keys a client sends are ignored.
 */
const ephemeralAgentSchema = z.looseObject({
  mcp: z.array(z.string().max(200)).max(100, 'at most 100 MCP servers').optional(),
});

/** Built-in tools a role may be refused (the spec's RUN_CODE, WEB_SEARCH and FILE_SEARCH features). */
const TOOL_FEATURE: Record<string, 'RUN_CODE' | 'WEB_SEARCH' | 'FILE_SEARCH'> = {
  execute_code: 'RUN_CODE',
  web_search: 'WEB_SEARCH',
  file_search: 'FILE_SEARCH',
};

/** True when the caller's role may use the tool (tools outside those features always). */
export function roleMayUseTool(role: Role | null, tool: string): boolean {
  const feature = TOOL_FEATURE[tool];
  return !feature || hasPermission(role, feature, 'USE');
}

/**
 * The tools of an ephemeral agent: every flag set to true that names a tool on this server, and
 * every tool of the MCP servers listed. A flag for a tool the caller's role may not use is a 403;
 * a flag for a tool this server does not have, or has turned off (`turnedOff`, from the interface
 * flags), is ignored (the client's menu may be older than the server's tools).
 */
export async function ephemeralTools(
  registry: ToolRegistry,
  caller: { id: string; role: Role | null },
  ephemeralAgent: Record<string, unknown> | null | undefined,
  turnedOff: ReadonlySet<string> = new Set(),
): Promise<Tool[]> {
  if (!ephemeralAgent) return [];
  const parsed = ephemeralAgentSchema.safeParse(ephemeralAgent);
  if (!parsed.success) {
    throw badRequest(
      'Invalid ephemeralAgent',
      parsed.error.issues.map((i) => ({ path: `ephemeralAgent.${i.path.join('.')}`, message: i.message })),
    );
  }
  const servers = new Set(parsed.data.mcp ?? []);
  const chosen = new Map<string, Tool>();
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== true || turnedOff.has(key)) continue;
    const tool = registry.get(key);
    if (!tool) continue;
    if (!roleMayUseTool(caller.role, key)) throw forbidden(`You do not have permission to use ${key}.`);
    chosen.set(tool.name, tool);
  }
  if (servers.size > 0) {
    for (const tool of await registry.toolsFor(caller.id))
      if (tool.server && servers.has(tool.server)) chosen.set(tool.name, tool);
  }
  return [...chosen.values()];
}
