import type { SavedToolCall, ToolCallBody, ToolCallResult } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const codeRunKeys = {
  calls: (conversationId: string) => ['toolCalls', conversationId] as const,
};

const RUN_TOOL = 'execute_code';

/**
 * The conversation's saved tool calls (GET /api/agents/tools/calls): the results of earlier runs
 * of its code blocks, so they show again after a reload. Fetched once a block asks for them.
 */
export function useSavedToolCalls(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: codeRunKeys.calls(conversationId),
    queryFn: () =>
      api<SavedToolCall[]>(`/api/agents/tools/calls?conversationId=${encodeURIComponent(conversationId)}`),
    enabled,
    staleTime: Infinity,
  });
}

/** Runs one code block on the server and appends its result to the conversation's call cache. */
export function useRunCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ToolCallBody) =>
      api<ToolCallResult>(`/api/agents/tools/${RUN_TOOL}/call`, { method: 'POST', json: body }),
    onSuccess: (answer, body) => {
      const saved: SavedToolCall = {
        id: `local-${Date.now()}`,
        toolId: RUN_TOOL,
        conversationId: body.conversationId,
        messageId: body.messageId,
        partIndex: body.partIndex,
        blockIndex: body.blockIndex,
        result: answer.result,
        attachments: answer.attachments,
        createdAt: new Date().toISOString(),
      };
      client.setQueryData<SavedToolCall[]>(codeRunKeys.calls(body.conversationId), (calls) => [
        ...(calls ?? []),
        saved,
      ]);
    },
  });
}
