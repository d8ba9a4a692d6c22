import type { ChatSetup } from '../endpoints';

/** Conversations whose second model is kept on this device; the oldest choices are dropped first. */
export const KEPT_CONVERSATIONS = 200;

/** A stored second model that can still be sent: an object naming an endpoint and a model. */
function isSetup(value: unknown): value is ChatSetup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { endpoint, model, endpointType } = value as Record<string, unknown>;
  return (
    typeof endpoint === 'string' &&
    endpoint !== '' &&
    typeof model === 'string' &&
    (endpointType === undefined || endpointType === null || typeof endpointType === 'string')
  );
}

/**
 * The second models read back from local storage, per conversation. Storage is the browser's, so
 * anything else found there (a damaged or hand-edited entry) is dropped rather than sent.
 */
export function storedSetups(value: unknown): Record<string, ChatSetup> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, setup]) => isSetup(setup)));
}

/** The newest KEPT_CONVERSATIONS entries (insertion order is the order they were chosen in). */
export function newestSetups(byConversation: Record<string, ChatSetup>): Record<string, ChatSetup> {
  return Object.fromEntries(Object.entries(byConversation).slice(-KEPT_CONVERSATIONS));
}
