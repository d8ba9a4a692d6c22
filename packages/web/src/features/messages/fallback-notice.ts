import type { EndpointsConfig, Message } from '@parley/schema';
import { modelLabel } from '../endpoints';

/**
 * The names a fallback notice gives: the model that answered and the ones that failed before it
 * (their configured names, joined), or null on an answer its own model gave.
 */
export function fallbackNames(
  message: Pick<Message, 'endpoint' | 'model' | 'fallbackFrom'>,
  endpoints: EndpointsConfig | undefined,
): { answered: string; failed: string[] } | null {
  const failed = message.fallbackFrom;
  if (!failed?.length || !message.model) return null;
  return {
    answered: modelLabel(endpoints, message.endpoint ?? '', message.model),
    failed: failed.map((m) => modelLabel(endpoints, m.endpoint, m.model)),
  };
}
