import type { ChatRequest } from '@parley/schema';
import { AppError } from '../../errors/app-error.ts';
import { agentActionTools } from '../actions/action-service.ts';
import type { ChainedAgent } from '../agents/agent-chat.ts';
import type { ChainTurn } from '../agents/agent-chain-run.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import type { ChatEngine } from './chat-engine-type.ts';
import { chooseModel } from './model-choice.ts';

/**
 * Plans one chained agent's turn before anything is saved, with the same checks as the first
 * agent's: an endpoint that exists, a model it offers, parameters in range, and the access to
 * call it. A check that fails (or an agent the caller may not use) does not refuse the request:
 * the chain runs up to that agent and ends there with the reason as an error part. The turn sees
 * the conversation the first agent saw, under its own instructions.
 */
export async function planChainTurn(
  services: Pick<ChatEngine, 'endpoints' | 'keys' | 'userHttp' | 'actions'>,
  userId: string,
  member: ChainedAgent,
  messages: readonly ProviderMessage[],
): Promise<ChainTurn> {
  if (member.agent === null)
    return { agentId: member.agentId, name: member.name, failure: { message: member.failure, local: true } };
  const { agent, setup } = member;
  const failed = (message: string): ChainTurn => ({
    agentId: agent.id,
    name: agent.name,
    failure: { message: `${agent.name || agent.id}: ${message}`, local: true },
  });
  const endpoint = services.endpoints.get(setup.endpointName);
  if (!endpoint) return failed(`unknown endpoint "${setup.endpointName}"`);
  const body: ChatRequest = setup.body;
  let choice: Awaited<ReturnType<typeof chooseModel>>;
  try {
    choice = await chooseModel(services, endpoint, body, userId);
  } catch (error) {
    if (error instanceof AppError) return failed(error.message);
    throw error;
  }
  const { model, parameters, access } = choice;
  return {
    agentId: agent.id,
    name: agent.name,
    recursionLimit: member.recursionLimit,
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
