import { MCP_OAUTH_POLL_TIMEOUT_MS } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { showToast } from '../toasts';
import { cancelMcpOAuth, mcpKeys, reinitializeMcpServer, useMcpStatus } from './mcp-api';

/** A server being initialized: since when, and how many status polls have answered since. */
interface Flow {
  startedAt: number;
  oauth: boolean;
  ticks: number;
}

interface FlowState {
  flows: Record<string, Flow>;
  set(server: string, flow: Flow | null): void;
}

/** What the caller of an initialize wants done when it ends (the picker chooses the server). */
export interface InitializeHooks {
  onConnected?: () => void;
  onFailed?: () => void;
}

/** The hooks of the initializes under way, by server (kept outside React: a sign-in outlives the menu). */
const hooksByServer = new Map<string, InitializeHooks>();

/** Ends a server's initialize for its caller: calls the matching hook once and forgets them. */
function settle(server: string, outcome: 'connected' | 'failed' | 'dropped') {
  const hooks = hooksByServer.get(server);
  hooksByServer.delete(server);
  if (outcome === 'connected') hooks?.onConnected?.();
  else if (outcome === 'failed') hooks?.onFailed?.();
}

const useFlows = create<FlowState>((set) => ({
  flows: {},
  set: (server, flow) =>
    set((s) => {
      const flows = { ...s.flows };
      if (flow) flows[server] = flow;
      else delete flows[server];
      return { flows };
    }),
}));

/**
 * The initialize flow of 001 ("MCP server connection states"): mark the server initializing;
 * without OAuth refresh status and tools and confirm; with OAuth open the sign-in in a new tab and
 * poll the status every 3.5 s until it is connected (success), error (failure) or 180 s passed
 * (timeout); a cancel becomes available after the first poll and tells the server.
 */
export function useMcpInitialize() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flows = useFlows((s) => s.flows);
  const setFlow = useFlows((s) => s.set);
  const polling = Object.values(flows).some((f) => f.oauth);
  const status = useMcpStatus(polling);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: mcpKeys.status });
  }, [queryClient]);

  const initialize = useCallback(
    async (server: string, hooks: InitializeHooks = {}) => {
      hooksByServer.set(server, hooks);
      setFlow(server, { startedAt: Date.now(), oauth: false, ticks: 0 });
      try {
        const answer = await reinitializeMcpServer(server);
        if (answer.success) {
          setFlow(server, null);
          await refresh();
          showToast(t('com_ui_mcp_initialized_success', { serverName: server }), 'success');
          settle(server, 'connected');
          return;
        }
        if (answer.oauthRequired && answer.oauthUrl) {
          window.open(answer.oauthUrl, '_blank', 'noopener');
          setFlow(server, { startedAt: Date.now(), oauth: true, ticks: 0 });
          showToast(t('com_ui_mcp_oauth_connecting', { serverName: server }), 'info');
          return;
        }
        setFlow(server, null);
        if (answer.oauthRequired) {
          showToast(t('com_ui_mcp_oauth_no_url', { serverName: server }), 'warning');
          settle(server, 'dropped');
          return;
        }
        await refresh();
        showToast(answer.message || t('com_ui_mcp_init_failed', { serverName: server }), 'error');
        settle(server, 'failed');
      } catch {
        setFlow(server, null);
        showToast(t('com_ui_mcp_init_failed', { serverName: server }), 'error');
        settle(server, 'failed');
      }
    },
    [refresh, setFlow, t],
  );

  const cancel = useCallback(
    async (server: string) => {
      setFlow(server, null);
      settle(server, 'dropped');
      await cancelMcpOAuth(server).catch(() => undefined);
      await refresh();
    },
    [refresh, setFlow],
  );

  // Each status answer while signing in: done, failed, timed out, or one tick more.
  const answeredAt = status.dataUpdatedAt;
  useEffect(() => {
    const now = Date.now();
    for (const [server, flow] of Object.entries(useFlows.getState().flows)) {
      if (!flow.oauth || answeredAt < flow.startedAt) continue;
      const state = status.data?.[server]?.connectionState;
      if (state === 'connected') {
        setFlow(server, null);
        void refresh();
        showToast(t('com_ui_mcp_authenticated_success', { serverName: server }), 'success');
        settle(server, 'connected');
      } else if (state === 'error') {
        setFlow(server, null);
        showToast(t('com_ui_mcp_oauth_failed', { serverName: server }), 'error');
        settle(server, 'failed');
      } else if (now - flow.startedAt > MCP_OAUTH_POLL_TIMEOUT_MS) {
        void cancel(server);
        showToast(t('com_ui_mcp_oauth_timeout', { serverName: server }), 'error');
      } else {
        setFlow(server, { ...flow, ticks: flow.ticks + 1 });
      }
    }
  }, [answeredAt, status.data, cancel, refresh, setFlow, t]);

  return {
    status: status.data ?? {},
    initialize,
    cancel,
    isInitializing: (server: string) => Boolean(flows[server]),
    /** Cancel is offered once the first status poll has answered. */
    canCancel: (server: string) => (flows[server]?.ticks ?? 0) > 0,
  };
}
