import type { ToolApprovalPolicy } from '@parley/schema';
import type { Tool } from './tool.ts';

const STRICTNESS: Record<ToolApprovalPolicy, number> = { run: 0, ask: 1, never: 2 };

/** The stricter of two policies (never over ask over run). */
export function stricter(a: ToolApprovalPolicy, b: ToolApprovalPolicy): ToolApprovalPolicy {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/**
 * How a call of `tool` is let through in a run. The agent's setting for the tool wins over the
 * operator's MCP server setting, which wins over the tool's default (`ask` for Actions that
 * change things and destructive MCP tools, else `run`); but the agent may never loosen what the
 * operator set, so the operator's setting is also a floor.
 */
export function approvalPolicy(
  tool: Tool,
  agentPolicies: Readonly<Record<string, ToolApprovalPolicy>> | undefined,
): ToolApprovalPolicy {
  const own = agentPolicies?.[tool.name];
  const chosen = own ?? tool.operatorApproval ?? tool.approval ?? 'run';
  return tool.operatorApproval ? stricter(chosen, tool.operatorApproval) : chosen;
}
