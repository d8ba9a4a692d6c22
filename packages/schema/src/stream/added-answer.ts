/**
 * Multi-conversation: one user message answered by two models at once, over one stream. The
 * second answer's events are the same events as the first's, each marked with this field
 * (`"added": true`), so a client routes them to the second answer and a client that never asks
 * for a second answer never sees the mark.
 */
export const ADDED_ANSWER_FIELD = 'added';

/** Marks one event (JSON text of an object) as the second answer's. */
export function markAddedAnswer(json: string): string {
  const body = json.trim();
  if (!body.startsWith('{')) throw new Error('A stream event is a JSON object');
  const rest = body.slice(1).trimStart();
  return `{"${ADDED_ANSWER_FIELD}":true${rest.startsWith('}') ? '' : ','}${rest}`;
}

/** Whether a parsed event belongs to the second answer. */
export function isAddedAnswerEvent(event: unknown): boolean {
  return (
    typeof event === 'object' &&
    event !== null &&
    (event as Record<string, unknown>)[ADDED_ANSWER_FIELD] === true
  );
}
