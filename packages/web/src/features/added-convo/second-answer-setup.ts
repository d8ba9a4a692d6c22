import type { Message } from '@parley/schema';
import type { ChatSetup } from '../endpoints';

/**
 * The setup that regenerates a second answer (multi-conversation) with the model that gave it:
 * the conversation's stored second model while it is still that answer's endpoint and model (it
 * carries the parameters, and an agent's id, which the answer does not), else the answer's own
 * endpoint and model. Null for an answer that names no endpoint, or an agent's answer whose agent
 * is no longer the stored second model (the answer does not say which agent it was).
 */
export function secondAnswerSetup(answer: Message, stored: ChatSetup | null): ChatSetup | null {
  const { endpoint, model } = answer;
  if (!endpoint) return null;
  const agents = endpoint === 'agents';
  if (stored && stored.endpoint === endpoint && (agents || stored.model === model)) return stored;
  if (agents || !model) return null;
  return { endpoint, model };
}
