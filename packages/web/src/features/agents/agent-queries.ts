import type { Agent, AgentSummary } from '@parley/schema';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAgentsAllowed } from './agents-allowed';
import { agentKeys, agentsApi } from './agents-api';

/** Agents lists are stale after 5 s. */
const AGENTS_STALE_MS = 5_000;
/** The menus list every agent the caller can use; 100 a page is the API's largest. */
const PAGE_SIZE = 100;

/** An agent answer with its definition (the author's or an admin's view), not a user's summary. */
export function isFullAgent(agent: Agent | AgentSummary | undefined): agent is Agent {
  return agent !== undefined && 'instructions' in agent;
}

/**
 * The agents concept in the query cache: what is read (the list, one agent, its versions) and what
 * a change does to the cache, in one place so every screen sees the same agents.
 */
export class AgentQueries {
  constructor(private readonly client: QueryClient) {}

  list(search: string) {
    return {
      queryKey: agentKeys.list(search),
      queryFn: ({ pageParam }: { pageParam: string | null }) =>
        agentsApi.page({ search: search || undefined, cursor: pageParam, limit: PAGE_SIZE }),
      initialPageParam: null as string | null,
      getNextPageParam: (page: { after: string | null }) => page.after,
      staleTime: AGENTS_STALE_MS,
    };
  }

  agent(agentId: string) {
    return {
      queryKey: agentKeys.agent(agentId),
      queryFn: () => agentsApi.get(agentId),
      staleTime: AGENTS_STALE_MS,
      retry: false,
    };
  }

  versions(agentId: string) {
    return { queryKey: agentKeys.versions(agentId), queryFn: () => agentsApi.versions(agentId) };
  }

  /** After a create, update, revert or duplicate: the agent as saved, and lists that show it. */
  saved(agent: Agent): void {
    this.client.setQueryData(agentKeys.agent(agent.id), agent);
    void this.client.invalidateQueries({ queryKey: agentKeys.versions(agent.id) });
    void this.client.invalidateQueries({ queryKey: agentKeys.lists });
    void this.client.invalidateQueries({ queryKey: agentKeys.categories });
  }

  removed(agentId: string): void {
    this.client.removeQueries({ queryKey: agentKeys.agent(agentId) });
    this.client.removeQueries({ queryKey: agentKeys.versions(agentId) });
    void this.client.invalidateQueries({ queryKey: agentKeys.lists });
  }
}

export function useAgentQueries(): AgentQueries {
  return new AgentQueries(useQueryClient());
}

/** Every agent the caller can use, newest change first (all pages, for menus and pickers). */
export function useAgentList(search = '', enabled = true) {
  const queries = useAgentQueries();
  const allowed = useAgentsAllowed();
  const query = useInfiniteQuery({ ...queries.list(search), enabled: allowed && enabled });
  const agents = query.data?.pages.flatMap((p) => p.data) ?? [];
  return { ...query, agents };
}

export function useAgent(agentId: string | null | undefined) {
  const queries = useAgentQueries();
  const allowed = useAgentsAllowed();
  return useQuery({ ...queries.agent(agentId ?? ''), enabled: allowed && Boolean(agentId) });
}

export function useAgentVersions(agentId: string | null, enabled: boolean) {
  const queries = useAgentQueries();
  return useQuery({ ...queries.versions(agentId ?? ''), enabled: enabled && Boolean(agentId) });
}

/** The tools an agent may use, with the caller's credential state. */
export function useAgentTools(enabled = true) {
  const allowed = useAgentsAllowed();
  return useQuery({
    queryKey: agentKeys.tools,
    queryFn: agentsApi.tools,
    enabled: allowed && enabled,
    staleTime: 60_000,
  });
}
