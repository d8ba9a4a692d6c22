import type {
  McpAuthValuesAnswer,
  McpConnectionStatusAnswer,
  McpReinitializeAnswer,
  McpServerStatus,
} from '@parley/schema';
import { MCP_OAUTH_POLL_INTERVAL_MS, mcpPluginKey } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const mcpKeys = {
  status: ['mcpConnectionStatus'] as const,
  authValues: (server: string) => ['mcpAuthValues', server] as const,
};

/** Each server's connection state; refetched every 3.5 s while `polling` (a sign-in or start is open). */
export function useMcpStatus(polling: boolean) {
  return useQuery({
    queryKey: mcpKeys.status,
    queryFn: async (): Promise<Record<string, McpServerStatus>> =>
      (await api<McpConnectionStatusAnswer>('/api/mcp/connection/status')).connectionStatus,
    refetchInterval: polling ? MCP_OAUTH_POLL_INTERVAL_MS : false,
    staleTime: 10_000,
  });
}

/** Which custom variables the user has set for a server (flags, never values). */
export function useMcpAuthValues(server: string, enabled: boolean) {
  return useQuery({
    queryKey: mcpKeys.authValues(server),
    queryFn: async () =>
      (await api<McpAuthValuesAnswer>(`/api/mcp/${encodeURIComponent(server)}/auth-values`)).authValueFlags,
    enabled,
  });
}

export function reinitializeMcpServer(server: string): Promise<McpReinitializeAnswer> {
  return api<McpReinitializeAnswer>(`/api/mcp/${encodeURIComponent(server)}/reinitialize`, {
    method: 'POST',
  });
}

export function cancelMcpOAuth(server: string): Promise<unknown> {
  return api(`/api/mcp/oauth/cancel/${encodeURIComponent(server)}`, { method: 'POST' });
}

/** Saves (values given) or revokes (null) the user's custom variables for a server. */
export function useSaveMcpVars(server: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string> | null) =>
      api('/api/user/plugins', {
        method: 'POST',
        json: values
          ? { pluginKey: mcpPluginKey(server), action: 'install', auth: values }
          : { pluginKey: mcpPluginKey(server), action: 'uninstall' },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mcpKeys.authValues(server) });
      void queryClient.invalidateQueries({ queryKey: mcpKeys.status });
    },
  });
}
