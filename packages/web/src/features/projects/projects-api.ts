import type {
  Conversation,
  ConversationListPage,
  CreateProjectBody,
  Project,
  ProjectDetail,
  UpdateProjectBody,
} from '@parley/schema';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../api/chat-api';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { conversationKeys } from '../conversations';

/** Query keys: a project's conversations sit under the conversation lists' key, so list refreshes reach them. */
export const projectKeys = {
  all: ['projects'] as const,
  detail: (id: string) => ['projects', id] as const,
  conversations: (id: string, search: string) => [...conversationKeys.list, 'project', id, search] as const,
};

/** Rows shown per project when it is expanded; search finds the others. */
export const PROJECT_CONVERSATIONS_SHOWN = 50;

export const projectsApi = {
  list: () => api<Project[]>('/api/projects'),
  get: (id: string) => api<ProjectDetail>(`/api/projects/${encodeURIComponent(id)}`),
  create: (body: CreateProjectBody) => api<Project>('/api/projects', { method: 'POST', json: body }),
  update: (id: string, body: UpdateProjectBody) =>
    api<Project>(`/api/projects/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
  remove: (id: string) =>
    api<{ deleted: true; conversationsMoved: number }>(`/api/projects/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  leave: (id: string, userId: string) =>
    api<{ removed: true }>(`/api/projects/${encodeURIComponent(id)}/members`, {
      method: 'DELETE',
      json: { userId },
    }),
  conversations: (id: string, search: string) => {
    const query = new URLSearchParams({ projectId: id, pageSize: String(PROJECT_CONVERSATIONS_SHOWN) });
    if (search.trim()) query.set('search', search.trim());
    return api<ConversationListPage>(`/api/convos?${query.toString()}`);
  },
  /** Moves a conversation into a project, or out of its project with null. */
  move: (conversationId: string, projectId: string | null) =>
    api<Conversation>('/api/convos/update', { method: 'POST', json: { arg: { conversationId, projectId } } }),
};

export function useProjects() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: projectKeys.all,
    queryFn: projectsApi.list,
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}

export function useProjectDetail(id: string | null) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? ''),
    queryFn: () => projectsApi.get(id!),
    enabled: id !== null,
  });
}

/** A project's conversations (the caller's own), filtered by `search` when it is not blank. */
export function useProjectConversations(id: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.conversations(id, search.trim()),
    queryFn: () => projectsApi.conversations(id, search),
    enabled,
    staleTime: 30_000,
  });
}

/** Create, change, delete and move: each refreshes the lists it changes. */
export function useProjectMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: projectKeys.all });
    void client.invalidateQueries({ queryKey: conversationKeys.list });
  };
  return {
    create: useMutation({ mutationFn: projectsApi.create, onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateProjectBody }) => projectsApi.update(id, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: projectsApi.remove, onSuccess: refresh }),
    leave: useMutation({
      mutationFn: ({ id, userId }: { id: string; userId: string }) => projectsApi.leave(id, userId),
      onSuccess: refresh,
    }),
    move: useMutation({
      mutationFn: ({ conversationId, projectId }: { conversationId: string; projectId: string | null }) =>
        projectsApi.move(conversationId, projectId),
      onSuccess: (conversation) => {
        client.setQueryData(chatKeys.conversation(conversation.conversationId), conversation);
        refresh();
      },
    }),
  };
}

/** Refetches the expanded projects' conversation lists (a new chat in a project, a new title). */
export function refreshProjectConversations(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [...conversationKeys.list, 'project'] });
}
