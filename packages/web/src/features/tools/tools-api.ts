import type { ToolEntry, UserPluginsBody } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';

export const toolKeys = { all: ['tools'] as const };

/** The tools this server offers, with whether the caller has stored the credentials each needs. */
export function useTools(enabled = true) {
  const signedIn = useAuth((s) => s.status) === 'authenticated';
  return useQuery({
    queryKey: toolKeys.all,
    queryFn: () => api<ToolEntry[]>('/api/agents/tools'),
    enabled: signedIn && enabled,
    staleTime: 60_000,
  });
}

/**
 * POST /api/user/plugins: stores (install) or removes (uninstall) the caller's credentials for a
 * tool. The tool's authenticated state flips at once, then the list is fetched again.
 */
export function useToolCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPluginsBody) => api<unknown>('/api/user/plugins', { method: 'POST', json: body }),
    onSuccess: (_answer, body) => {
      client.setQueryData<ToolEntry[]>(toolKeys.all, (tools) =>
        tools?.map((tool) =>
          tool.pluginKey === body.pluginKey ? { ...tool, authenticated: body.action === 'install' } : tool,
        ),
      );
      void client.invalidateQueries({ queryKey: toolKeys.all });
    },
  });
}
