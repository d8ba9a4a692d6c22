import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '@parley/schema';
import type { Tool } from '../tools/tool.ts';
import { ToolRegistry } from '../tools/tool-registry.ts';
import { ephemeralTools, roleMayUseTool } from './ephemeral-agent.ts';

const tool = (name: string, server?: string): Tool => ({
  name,
  description: name,
  input: z.object({}),
  authConfig: [],
  ...(server ? { server } : {}),
  run: async () => name,
});

describe('the ephemeral agent: the tools a chat turns on', () => {
  const registry = new ToolRegistry([tool('web_search'), tool('clock')]);
  registry.addSource({
    owns: (name) => name.endsWith('_mcp_files'),
    toolsFor: async () => [tool('read_mcp_files', 'files'), tool('ping_mcp_other', 'other')],
    credentialTarget: () => undefined,
  });
  const role = (webSearch: boolean) =>
    ({ name: 'USER', permissions: { WEB_SEARCH: { USE: webSearch } } }) as unknown as Role;
  const names = async (agent: Record<string, unknown>, webSearch = true) =>
    (await ephemeralTools(registry, { id: 'u1', role: role(webSearch) }, agent)).map((t) => t.name);

  it('turns on each flag set to true that names a tool, and the tools of the MCP servers listed', async () => {
    expect(await names({ mcp: [], web_search: false, execute_code: false })).toEqual([]);
    expect(await names({ web_search: true, clock: true, execute_code: true, mcp: ['files'] })).toEqual([
      'web_search',
      'clock',
      'read_mcp_files',
    ]);
  });

  it('refuses a tool the role may not use, and a malformed server list', async () => {
    await expect(names({ web_search: true }, false)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(names({ mcp: 'files' })).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('file search in a chat: the FILE_SEARCH.USE permission and the interface flag', () => {
  const registry = new ToolRegistry([tool('file_search')]);
  const role = (fileSearch: boolean) =>
    ({ name: 'USER', permissions: { FILE_SEARCH: { USE: fileSearch } } }) as unknown as Role;

  it('turns file_search on only for a role with FILE_SEARCH.USE', async () => {
    const allowed = await ephemeralTools(registry, { id: 'u1', role: role(true) }, { file_search: true });
    expect(allowed.map((t) => t.name)).toEqual(['file_search']);
    await expect(
      ephemeralTools(registry, { id: 'u1', role: role(false) }, { file_search: true }),
    ).rejects.toMatchObject({ code: 'forbidden', message: 'You do not have permission to use file_search.' });
    await expect(
      ephemeralTools(registry, { id: 'u1', role: null }, { file_search: true }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('ignores the flag while the server has file search turned off', async () => {
    const off = new Set(['file_search']);
    expect(
      await ephemeralTools(registry, { id: 'u1', role: role(true) }, { file_search: true }, off),
    ).toEqual([]);
  });

  it('roleMayUseTool: gated tools by their feature, every other tool always', () => {
    expect(roleMayUseTool(role(false), 'file_search')).toBe(false);
    expect(roleMayUseTool(role(true), 'file_search')).toBe(true);
    expect(roleMayUseTool(role(false), 'clock')).toBe(true);
  });
});
