import type { CodeRunQueueState, SavedToolCall, ToolCallBody, ToolCallResult } from '@parley/schema';
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

/** How often a run waiting for a free slot asks for its place in the queue. */
const QUEUE_POLL_MS = 1000;

/**
 * While the run `runId` is pending: how many runs are ahead of it in the server's queue (null
 * once it runs, or before the first answer). Every code-run slot may be taken (one user holds at
 * most half of them), and then the run waits its turn instead of being refused.
 */
export function useCodeRunQueue(runId: string | null): number | null {
  const { data } = useQuery({
    queryKey: ['codeRunQueue', runId],
    queryFn: () => api<CodeRunQueueState>(`/api/agents/tools/${RUN_TOOL}/queue/${runId}`),
    enabled: runId !== null,
    refetchInterval: QUEUE_POLL_MS,
    gcTime: 0,
  });
  return runId === null ? null : (data?.ahead ?? null);
}

/** A name for one run, unique enough among one user's runs (works on plain-http deployments too). */
export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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
