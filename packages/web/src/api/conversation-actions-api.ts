import type {
  Conversation,
  DeleteConversationsResult,
  ForkConversationBody,
  ForkResult,
} from '@parley/schema';
import { api } from './client';

/** The conversation calls that change a conversation (rename, archive, copy, delete). */
export const actionsApi = {
  update: (conversationId: string, changes: { title?: string; isArchived?: boolean }) =>
    api<Conversation>('/api/convos/update', {
      method: 'POST',
      json: { arg: { conversationId, ...changes } },
    }),
  remove: (conversationId: string, endpoint?: string | null) =>
    api<DeleteConversationsResult>('/api/convos', {
      method: 'DELETE',
      json: { arg: { conversationId, endpoint: endpoint ?? null, source: 'button' } },
    }),
  removeAll: () => api<DeleteConversationsResult>('/api/convos/all', { method: 'DELETE' }),
  duplicate: (conversationId: string) =>
    api<ForkResult>('/api/convos/duplicate', { method: 'POST', json: { conversationId } }),
  fork: (body: Partial<ForkConversationBody> & { conversationId: string; messageId: string }) =>
    api<ForkResult>('/api/convos/fork', { method: 'POST', json: body }),
};
