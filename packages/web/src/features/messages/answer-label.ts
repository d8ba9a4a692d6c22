import type { EndpointsConfig, Message } from '@parley/schema';
import { modelLabel } from '../endpoints';

/**
 * Who wrote an answer, as its heading says: a name of its own when it has one (an agent, a preset's
 * or a model spec's label), else the model that wrote it (its configured name) rather than the
 * endpoint's name, which every answer of that endpoint shares.
 */
export function answerLabel(
  message: Pick<Message, 'sender' | 'endpoint' | 'model'>,
  endpoints?: EndpointsConfig,
): string {
  const endpoint = message.endpoint ?? '';
  const endpointName = (endpoint && endpoints?.[endpoint]?.modelDisplayLabel) || endpoint;
  const own = message.sender && message.sender !== endpointName && message.sender !== endpoint;
  if (own || !message.model) return message.sender || message.model || '';
  return modelLabel(endpoints, endpoint, message.model);
}
