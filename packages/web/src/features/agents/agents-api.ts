import type {
  Agent,
  AgentAction,
  AgentCategoryOption,
  AgentListPage,
  AgentSummary,
  AgentVersion,
  CreateAgentBody,
  SaveActionBody,
  ToolEntry,
  UpdateAgentBody,
} from '@parley/schema';
import { api } from '../../api/client';

const id = (value: string) => encodeURIComponent(value);

/** The agents' calls: the builder's reads and writes and the lists that pick one. */
export const agentsApi = {
  page: (q: { search?: string; cursor?: string | null; limit?: number }) => {
    const search = new URLSearchParams();
    if (q.search) search.set('search', q.search);
    if (q.cursor) search.set('cursor', q.cursor);
    if (q.limit) search.set('limit', String(q.limit));
    return api<AgentListPage>(`/api/agents?${search.toString()}`);
  },
  get: (agentId: string) => api<Agent | AgentSummary>(`/api/agents/${id(agentId)}`),
  create: (body: Partial<CreateAgentBody> & Pick<CreateAgentBody, 'provider' | 'model'>) =>
    api<Agent>('/api/agents', { method: 'POST', json: body }),
  update: (agentId: string, body: UpdateAgentBody) =>
    api<Agent>(`/api/agents/${id(agentId)}`, { method: 'PATCH', json: body }),
  remove: (agentId: string) => api<unknown>(`/api/agents/${id(agentId)}`, { method: 'DELETE' }),
  duplicate: (agentId: string) => api<Agent>(`/api/agents/${id(agentId)}/duplicate`, { method: 'POST' }),
  versions: (agentId: string) => api<AgentVersion[]>(`/api/agents/${id(agentId)}/versions`),
  revert: (agentId: string, version: number) =>
    api<Agent>(`/api/agents/${id(agentId)}/revert`, { method: 'POST', json: { version } }),
  categories: () => api<AgentCategoryOption[]>('/api/agents/categories'),
  tools: () => api<ToolEntry[]>('/api/agents/tools'),
  actions: () => api<AgentAction[]>('/api/agents/actions'),
  uploadAvatar: (agentId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<Agent>(`/api/files/images/agents/${id(agentId)}/avatar`, { method: 'POST', form });
  },
  saveAction: (agentId: string, body: SaveActionBody) =>
    api<AgentAction>(`/api/agents/actions/${id(agentId)}`, { method: 'POST', json: body }),
  removeAction: (agentId: string, actionId: string) =>
    api<unknown>(`/api/agents/actions/${id(agentId)}/${id(actionId)}`, { method: 'DELETE' }),
};

/** Query keys of the agents feature; every key starts with 'agents' so one prefix refreshes all. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: ['agents', 'list'] as const,
  list: (search: string) => ['agents', 'list', search] as const,
  agent: (agentId: string) => ['agents', 'agent', agentId] as const,
  versions: (agentId: string) => ['agents', 'versions', agentId] as const,
  categories: ['agents', 'categories'] as const,
  tools: ['agents', 'tools'] as const,
  actions: ['agents', 'actions'] as const,
};
