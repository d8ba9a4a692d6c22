import type {
  CategoryOption,
  CreatePromptResult,
  DeletePromptResult,
  PromptGroup,
  PromptGroupPage,
  PromptVersion,
} from '@parley/schema';
import { api } from '../../api/client';

/** The query of GET /api/prompts/groups. */
export interface GroupPageQuery {
  name: string;
  category: string;
  pageSize: number;
  pageNumber: number;
}

export interface CreatePromptInput {
  prompt: { prompt: string; type: 'text'; groupId?: string };
  group?: { name: string; category: string; oneliner?: string; command?: string };
}

export interface GroupUpdate {
  name?: string;
  category?: string;
  oneliner?: string;
  command?: string;
  projectIds?: string[];
  removeProjectIds?: string[];
}

function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const id = (value: string) => encodeURIComponent(value);

/** The prompt library's calls. */
export const promptsApi = {
  groups: (q: GroupPageQuery) => api<PromptGroupPage>(`/api/prompts/groups?${query({ ...q })}`),
  allGroups: () => api<PromptGroup[]>('/api/prompts/all'),
  group: (groupId: string) => api<PromptGroup>(`/api/prompts/groups/${id(groupId)}`),
  versions: (groupId: string) => api<PromptVersion[]>(`/api/prompts?${query({ groupId })}`),
  categories: () => api<CategoryOption[]>('/api/categories'),
  create: (body: CreatePromptInput) =>
    api<CreatePromptResult>('/api/prompts', { method: 'POST', json: body }),
  updateGroup: (groupId: string, body: GroupUpdate) =>
    api<PromptGroup>(`/api/prompts/groups/${id(groupId)}`, { method: 'PATCH', json: body }),
  makeProduction: (promptId: string) =>
    api<unknown>(`/api/prompts/${id(promptId)}/tags/production`, { method: 'PATCH' }),
  deleteVersion: (promptId: string, groupId: string) =>
    api<DeletePromptResult>(`/api/prompts/${id(promptId)}?${query({ groupId })}`, { method: 'DELETE' }),
  deleteGroup: (groupId: string) => api<unknown>(`/api/prompts/groups/${id(groupId)}`, { method: 'DELETE' }),
};

/** Query keys of the prompt feature; every key starts with 'prompts' so one prefix refreshes all. */
export const promptKeys = {
  all: ['prompts'] as const,
  groupPages: ['prompts', 'groups'] as const,
  groupPage: (q: GroupPageQuery) => ['prompts', 'groups', q] as const,
  allGroups: ['prompts', 'all'] as const,
  group: (groupId: string) => ['prompts', 'group', groupId] as const,
  versions: (groupId: string) => ['prompts', 'versions', groupId] as const,
  categories: ['prompts', 'categories'] as const,
};
