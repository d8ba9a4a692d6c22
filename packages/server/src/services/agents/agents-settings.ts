import { AGENT_CAPABILITIES, type AgentCapability } from '@parley/schema';
import type { AgentsEndpointConfig } from '../../config/yaml-sections/agents-endpoint.ts';
import { DEFAULT_APPROVAL_WAIT_MS } from '../tools/tool-call-approval.ts';

/** What parley.yaml's `endpoints.agents` means once its defaults are filled in. */
export interface AgentsSettings {
  /** No agent may be created, changed, duplicated, reverted or deleted. */
  disableBuilder: boolean;
  /** Steps of a run when the agent sets none (LibreChat's default, 25). */
  recursionLimit: number;
  /** The most steps an agent may set for itself; null: no ceiling beyond the schema's. */
  maxRecursionLimit: number | null;
  capabilities: ReadonlySet<AgentCapability>;
  /** Endpoint names agents may use; null: every endpoint. */
  allowedProviders: ReadonlySet<string> | null;
  /** How long a tool call paused for the user's approval or answer waits before the run ends. */
  toolApprovalTimeoutMs: number;
}

export const DEFAULT_RECURSION_LIMIT = 25;

export function resolveAgentsSettings(config: AgentsEndpointConfig | undefined): AgentsSettings {
  return {
    disableBuilder: config?.disableBuilder ?? false,
    recursionLimit:
      config?.recursionLimit ?? Math.min(DEFAULT_RECURSION_LIMIT, config?.maxRecursionLimit ?? Infinity),
    maxRecursionLimit: config?.maxRecursionLimit ?? null,
    capabilities: new Set(config?.capabilities ?? AGENT_CAPABILITIES),
    allowedProviders: config?.allowedProviders ? new Set(config.allowedProviders) : null,
    toolApprovalTimeoutMs: config?.toolApprovalTimeout ?? DEFAULT_APPROVAL_WAIT_MS,
  };
}
