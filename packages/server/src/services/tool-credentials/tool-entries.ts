import type { ToolEntry, UserPluginsBody } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolCredentialStore } from './tool-credential-store.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';

/** Whether every field the tool asks for is stored (a tool that asks for none always is). */
function isAuthenticated(tool: Tool, stored: Set<string> | undefined): boolean {
  return tool.authConfig.every((f) => stored?.has(f.authField));
}

/** GET /api/agents/tools and GET /api/plugins: the tools that exist, with the caller's auth state. */
export async function listToolEntries(
  registry: ToolRegistry,
  credentials: ToolCredentialStore,
  userId: string,
): Promise<ToolEntry[]> {
  const tools = await registry.toolsFor(userId);
  const stored = await credentials.storedFields(
    userId,
    tools.map((t) => t.name),
  );
  return tools.map((tool) => ({
    name: tool.name,
    pluginKey: tool.name,
    description: tool.description,
    ...(tool.icon ? { icon: tool.icon } : {}),
    authConfig: tool.authConfig,
    authenticated: isAuthenticated(tool, stored.get(tool.credentialsKey ?? tool.name)),
  }));
}

/**
 * POST /api/user/plugins. Install stores exactly the fields the tool asks for, each non-empty after
 * the ones sent are laid over those saved before;
 * uninstall removes them. A pluginKey that names no tool is a 400: nothing is stored for a tool
 * that does not exist.
 */
export async function changeToolCredentials(
  registry: ToolRegistry,
  credentials: ToolCredentialStore,
  userId: string,
  body: UserPluginsBody,
): Promise<{ message: string }> {
  const tool = registry.credentialTarget(body.pluginKey);
  if (!tool) {
    throw badRequest(`Unknown tool: ${body.pluginKey}`, [
      { path: 'pluginKey', message: 'no tool has this key' },
    ]);
  }
  if (body.action === 'uninstall') {
    await credentials.remove(userId, tool.pluginKey);
    await tool.changed?.(userId);
    return { message: `Credentials for ${tool.name} removed` };
  }
  const wanted = new Set(tool.authConfig.map((f) => f.authField));
  if (wanted.size === 0) {
    throw badRequest(`${tool.name} needs no credentials`, [
      { path: 'pluginKey', message: 'nothing to install' },
    ]);
  }
  // A field left empty (or not sent) keeps the value saved before: the dialog sends only the
  // fields the person filled, so changing one key never wipes the others.
  const auth = body.auth ?? {};
  const saved = await credentials.get(userId, tool.pluginKey);
  const valueOf = (field: string) => auth[field]?.trim() || saved[field] || '';
  const issues = [
    ...Object.keys(auth)
      .filter((field) => !wanted.has(field))
      .map((field) => ({ path: `auth.${field}`, message: `${tool.name} does not use this field` })),
    ...[...wanted]
      .filter((field) => !valueOf(field))
      .map((field) => ({ path: `auth.${field}`, message: 'a value is required' })),
  ];
  if (issues.length > 0) throw badRequest(`Invalid credentials for ${tool.name}`, issues);
  await credentials.set(userId, tool.pluginKey, Object.fromEntries([...wanted].map((f) => [f, valueOf(f)])));
  await tool.changed?.(userId);
  return { message: `Credentials for ${tool.name} saved` };
}
