import type { Agent, ToolEntry } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  addToChain,
  changesOf,
  moveInChain,
  emptyForm,
  formErrors,
  formOf,
  toggleResourceFile,
  toggleTool,
  toggleTools,
} from './agent-form';
import { mcpServersOf } from './agent-tools-fields';

const agent: Agent = {
  id: 'agent_a',
  name: 'Helper',
  description: 'Helps',
  instructions: 'Be kind.',
  provider: 'Demo',
  model: 'echo',
  model_parameters: { temperature: 0.5, top_p: 1 },
  tools: [],
  tool_resources: {},
  conversation_starters: ['Hello'],
  avatar: null,
  category: 'general',
  recursion_limit: null,
  author: 'u1',
  authorName: 'U',
  projectIds: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('agent form', () => {
  it('shows four starter slots and saves only the filled ones', () => {
    const form = formOf(agent);
    expect(form.conversation_starters).toEqual(['Hello', '', '', '']);
    form.conversation_starters[2] = '  Plan a trip  ';
    expect(changesOf(agent, form)).toEqual({ conversation_starters: ['Hello', 'Plan a trip'] });
  });

  it('sends nothing for an unchanged form, whatever the order of the parameters', () => {
    const form = formOf(agent);
    form.model_parameters = { top_p: 1, temperature: 0.5 };
    expect(changesOf(agent, form)).toEqual({});
  });

  it('sends exactly the changed fields, names trimmed', () => {
    const form = formOf(agent);
    form.name = ' Helper 2 ';
    form.model_parameters = { temperature: 0.5 };
    expect(changesOf(agent, form)).toEqual({ name: 'Helper 2', model_parameters: { temperature: 0.5 } });
  });

  it('asks for a name and a model', () => {
    expect(formErrors(emptyForm('', ''))).toEqual({ name: 'required', model: 'required' });
    expect(formErrors({ ...emptyForm('Demo', 'echo'), name: 'A' })).toEqual({});
  });

  it('toggles tools without repeating them', () => {
    expect(toggleTool(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleTool(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleTool(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('agent files for file search', () => {
  it('adds and removes files of a resource, dropping the resource when it empties', () => {
    const one = toggleResourceFile({}, 'file_search', 'f1', true);
    expect(one).toEqual({ file_search: { file_ids: ['f1'] } });
    const two = toggleResourceFile(one, 'file_search', 'f2', true);
    expect(two.file_search!.file_ids).toEqual(['f1', 'f2']);
    expect(toggleResourceFile(two, 'file_search', 'f1', true).file_search!.file_ids).toEqual(['f2', 'f1']);
    expect(toggleResourceFile(one, 'file_search', 'f1', false)).toEqual({});
  });

  it('sends a change of files as tool_resources, and nothing when they are unchanged', () => {
    const form = formOf(agent);
    expect(changesOf(agent, form)).toEqual({});
    form.tool_resources = toggleResourceFile(form.tool_resources, 'file_search', 'f1', true);
    expect(changesOf(agent, form)).toEqual({ tool_resources: { file_search: { file_ids: ['f1'] } } });
  });
});

describe('MCP tools in the builder', () => {
  it('turns all tools of a server on or off at once, keeping the other tools', () => {
    const mcp = ['echo_mcp_local', 'add_mcp_local'];
    expect(toggleTools(['web_search', 'echo_mcp_local'], mcp, true)).toEqual([
      'web_search',
      'echo_mcp_local',
      'add_mcp_local',
    ]);
    expect(toggleTools(['web_search', ...mcp, 'whoami_mcp_team'], mcp, false)).toEqual([
      'web_search',
      'whoami_mcp_team',
    ]);
  });

  it('groups MCP tools by server and leaves other tools out', () => {
    const entry = (pluginKey: string): ToolEntry => ({
      name: pluginKey,
      pluginKey,
      description: '',
      authConfig: [],
      authenticated: true,
    });
    const groups = mcpServersOf(
      ['calculator', 'echo_mcp_local', 'whoami_mcp_team', 'add_mcp_local', 'a_mcp_b_mcp_c'].map(entry),
    );
    expect(groups.map((g) => [g.server, g.tools.map((t) => t.pluginKey)])).toEqual([
      ['local', ['echo_mcp_local', 'add_mcp_local']],
      ['team', ['whoami_mcp_team']],
      ['c', ['a_mcp_b_mcp_c']],
    ]);
  });

  it('edits the chain: no self, no repeat, at most ten, reordered, and an old agent without one is unchanged', () => {
    expect(changesOf(agent, formOf(agent))).toEqual({});
    let chain = addToChain([], 'agent_b', 'agent_a');
    chain = addToChain(chain, 'agent_a', 'agent_a');
    chain = addToChain(chain, 'agent_b', 'agent_a');
    chain = addToChain(chain, 'agent_c', 'agent_a');
    expect(chain).toEqual(['agent_b', 'agent_c']);
    expect(moveInChain(chain, 1, -1)).toEqual(['agent_c', 'agent_b']);
    expect(moveInChain(chain, 0, -1)).toEqual(['agent_b', 'agent_c']);
    expect(moveInChain(chain, 1, 1)).toEqual(['agent_b', 'agent_c']);
    const full = Array.from({ length: 10 }, (_, i) => `agent_${i}`);
    expect(addToChain(full, 'agent_x', null)).toEqual(full);
    const form = formOf(agent);
    form.agent_ids = ['agent_c', 'agent_b'];
    expect(changesOf(agent, form)).toEqual({ agent_ids: ['agent_c', 'agent_b'] });
    expect(changesOf({ ...agent, agent_ids: ['agent_c', 'agent_b'] }, form)).toEqual({});
  });
});
