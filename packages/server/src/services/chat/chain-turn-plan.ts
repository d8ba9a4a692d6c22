import type { ChatRequest } from '@parley/schema';
import type { AgentRow } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import { agentActionTools } from '../actions/action-service.ts';
import type { AgentSetup } from '../agents/agent-chat.ts';
import type { ChainTurn } from '../agents/agent-chain-run.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import type { ChatEngine } from './chat-engine.ts';
import { chooseModel } from './model-choice.ts';

/**
 * Plans one chained agent's turn before anything is saved, with the same checks as the first
 * agent's: an endpoint that exists, a model it offers, parameters in range, and the access to
 * call it (a missing user key ends the chain at that turn with the key error). The turn sees the
 * conversation the first agent saw, under its own instructions.
 */
export async function planChainTurn(
  services: Pick<ChatEngine, 'endpoints' | 'keys' | 'userHttp' | 'actions'>,
  userId: string,
  member: { agent: AgentRow; setup: AgentSetup },
  messages: readonly ProviderMessage[],
): Promise<ChainTurn> {
  const { agent, setup } = member;
  const endpoint = services.endpoints.get(setup.endpointName);
  if (!endpoint)
    throw badRequest('Unknown endpoint', [
      {
        path: 'agent_ids',
        message: `${agent.name || agent.id} uses the unknown endpoint "${setup.endpointName}"`,
      },
    ]);
  const body: ChatRequest = setup.body;
  const { model, parameters, access } = await chooseModel(services, endpoint, body, userId);
  return {
    agentId: agent.id,
    name: agent.name,
    call: {
      provider: access.provider ?? null,
      missingProvider: access.failure,
      model,
      messages: withInstructions(messages, body.promptPrefix ?? null),
      parameters: parameters.model,
    },
    tools: [...setup.tools, ...(await agentActionTools(services.actions, [agent.id]))],
  };
}

/** The conversation under another agent's instructions (none: no system message). */
function withInstructions(
  messages: readonly ProviderMessage[],
  instructions: string | null,
): ProviderMessage[] {
  const rest = messages[0]?.role === 'system' ? messages.slice(1) : [...messages];
  return instructions?.trim() ? [{ role: 'system', content: instructions }, ...rest] : rest;
}
