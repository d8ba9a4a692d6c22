import type { ToolEntry, UserPluginsBody } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import type { Tool } from '../tools/tool.ts';
import type { CredentialTarget } from '../tools/tool-source.ts';
import type { ToolCredentialStore } from './tool-credential-store.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import { chosenOptions, neededFields } from '../tools/tool-choices.ts';

/** Only choices with something to pick are offered; a fixed one is the configuration's. */
const openChoices = (tool: Pick<Tool, 'choices'>) => (tool.choices ?? []).filter((c) => c.options.length > 1);

/** One tool's entry: its auth state, and for a tool with choices the caller's picks. */
async function toolEntry(
  tool: Tool,
  credentials: ToolCredentialStore,
  userId: string,
  stored: Set<string>,
): Promise<ToolEntry> {
  const choices = openChoices(tool);
  // The picks are stored like credentials; only a tool with choices needs its values read.
  const picks = choices.length > 0 ? await credentials.get(userId, tool.credentialsKey ?? tool.name) : {};
  const chosen = chosenOptions(tool.choices, picks);
  const saved = tool.authConfig.map((f) => f.authField).filter((field) => stored.has(field));
  return {
    name: tool.name,
    pluginKey: tool.name,
    description: tool.description,
    ...(tool.icon ? { icon: tool.icon } : {}),
    authConfig: tool.authConfig,
    authenticated: neededFields(tool.authConfig, chosen).every((f) => stored.has(f.authField)),
    ...(choices.length > 0
      ? { choices: choices.map((choice) => ({ ...choice, value: chosen[choice.name]! })) }
      : {}),
    ...(saved.length > 0 ? { savedFields: saved } : {}),
  };
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
  return Promise.all(
    tools.map((tool) =>
      toolEntry(tool, credentials, userId, stored.get(tool.credentialsKey ?? tool.name) ?? new Set()),
    ),
  );
}

/**
 * The picks a save asks for: each must be an option the configuration allows (a 400 names the
 * choice otherwise); a choice not sent keeps the saved pick, else its default.
 */
function picksOf(tool: CredentialTarget, auth: Record<string, string>, saved: Record<string, string>) {
  const issues: { path: string; message: string }[] = [];
  for (const choice of tool.choices ?? []) {
    const pick = auth[choice.name];
    if (pick !== undefined && !choice.options.some((o) => o.value === pick)) {
      const allowed = choice.options.map((o) => o.value).join(', ');
      issues.push({ path: `auth.${choice.name}`, message: `this server allows only: ${allowed}` });
    }
  }
  const chosen = chosenOptions(tool.choices, { ...saved, ...auth });
  return { chosen, issues };
}

/**
 * POST /api/user/plugins. Install stores the fields the tool asks for with the user's picks, each
 * non-empty after the ones sent are laid over those saved before; the fields the picks need must
 * all have a value. Uninstall removes them. A pluginKey that names no tool is a 400: nothing is
 * stored for a tool that does not exist.
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
  const fields = new Set(tool.authConfig.map((f) => f.authField));
  if (fields.size === 0) {
    throw badRequest(`${tool.name} needs no credentials`, [
      { path: 'pluginKey', message: 'nothing to install' },
    ]);
  }
  // A field left empty (or not sent) keeps the value saved before: the dialog sends only the
  // fields the person filled, so changing one key never wipes the others.
  const auth = body.auth ?? {};
  const saved = await credentials.get(userId, tool.pluginKey);
  const choiceNames = new Set((tool.choices ?? []).map((c) => c.name));
  const valueOf = (field: string) => auth[field]?.trim() || saved[field] || '';
  const { chosen, issues: choiceIssues } = picksOf(tool, auth, saved);
  const wanted = neededFields(tool.authConfig, chosen).map((f) => f.authField);
  const issues = [
    ...Object.keys(auth)
      .filter((field) => !fields.has(field) && !choiceNames.has(field))
      .map((field) => ({ path: `auth.${field}`, message: `${tool.name} does not use this field` })),
    ...choiceIssues,
    ...wanted
      .filter((field) => !valueOf(field))
      .map((field) => ({ path: `auth.${field}`, message: 'a value is required' })),
  ];
  if (issues.length > 0) throw badRequest(`Invalid credentials for ${tool.name}`, issues);
  // Keys of options not chosen now stay saved, so switching back needs no retyping.
  const kept = [...fields].filter((field) => valueOf(field)).map((field) => [field, valueOf(field)]);
  await credentials.set(userId, tool.pluginKey, { ...Object.fromEntries(kept), ...chosen });
  await tool.changed?.(userId);
  return { message: `Credentials for ${tool.name} saved` };
}
