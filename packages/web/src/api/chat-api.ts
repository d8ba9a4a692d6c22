import type {
  ActiveGenerations,
  Conversation,
  EndpointsConfig,
  MemoryStepAnswer,
  Message,
  ModelsConfig,
} from '@parley/schema';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { useAuth } from '../store/auth-store';

export const chatKeys = {
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
  messages: (conversationId: string) => ['messages', conversationId] as const,
  conversation: (conversationId: string) => ['conversation', conversationId] as const,
  active: ['activeGenerations'] as const,
};

export const chatApi = {
  endpoints: () => api<EndpointsConfig>('/api/endpoints'),
  models: () => api<ModelsConfig>('/api/models'),
  messages: (id: string) => api<Message[]>(`/api/messages/${encodeURIComponent(id)}`),
  conversation: (id: string) => api<Conversation>(`/api/convos/${encodeURIComponent(id)}`),
  active: () => api<ActiveGenerations>('/api/agents/chat/active'),
  abort: (conversationId: string) =>
    api<unknown>('/api/agents/chat/abort', { method: 'POST', json: { conversationId } }),
  /** The user's decision on a tool call waiting for approval (remember: for the whole conversation). */
  approveTool: (body: {
    conversationId: string;
    toolCallId: string;
    decision: 'approve' | 'deny';
    remember?: boolean;
  }) => api<unknown>('/api/agents/chat/approve', { method: 'POST', json: body }),
  /** The user's answer to an agent's `ask_user` question; the same run goes on. */
  answerTool: (body: { conversationId: string; toolCallId: string; answer: string }) =>
    api<unknown>('/api/agents/chat/answer', { method: 'POST', json: body }),
  genTitle: (conversationId: string) =>
    api<{ title: string }>('/api/convos/gen_title', { method: 'POST', json: { conversationId } }),
  /** What the memory step changed after an answer; the server waits while the step runs. */
  memoryUpdates: (conversationId: string, messageId: string) =>
    api<MemoryStepAnswer>(
      `/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}/memory`,
    ),
  editMessage: (conversationId: string, messageId: string, body: { text: string; index?: number }) =>
    api<unknown>(`/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`, {
      method: 'PUT',
      json: body,
    }),
  feedback: (conversationId: string, messageId: string, feedback: Message['feedback']) =>
    api<unknown>(
      `/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}/feedback`,
      { method: 'PUT', json: { feedback } },
    ),
};

/** Endpoints and models are fetched once per session and never go stale. */
const endpointsQuery = { queryKey: chatKeys.endpoints, queryFn: chatApi.endpoints, staleTime: Infinity };
const modelsQuery = { queryKey: chatKeys.models, queryFn: chatApi.models, staleTime: Infinity };

export function useEndpoints() {
  const status = useAuth((s) => s.status);
  return useQuery({ ...endpointsQuery, enabled: status === 'authenticated' });
}

export function useModels() {
  const status = useAuth((s) => s.status);
  return useQuery({ ...modelsQuery, enabled: status === 'authenticated' });
}

/**
 * Asks for the endpoints and models as soon as the session is known, while the chat page's code
 * is still on its way: the page then finds them in the cache (the same queries, not a copy).
 */
export function prefetchChatStartup(client: QueryClient): void {
  void client.prefetchQuery(endpointsQuery);
  void client.prefetchQuery(modelsQuery);
}

/** A conversation's messages; "new" has none on the server (the cache holds a pending exchange). */
export function useMessages(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => chatApi.messages(conversationId),
    enabled: conversationId !== 'new',
    staleTime: Infinity,
    initialData: conversationId === 'new' ? [] : undefined,
  });
}

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: () => chatApi.conversation(conversationId),
    enabled: conversationId !== 'new',
    staleTime: 30_000,
  });
}
