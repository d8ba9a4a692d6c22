import type { CreatedEvent, ErrorEvent, FinalEvent, StepEvent, SyncEvent } from './events.ts';

/** One stream event, told apart by the fields that mark each kind. */
export type ReadEvent =
  | { kind: 'created'; event: CreatedEvent }
  | { kind: 'step'; event: StepEvent }
  | { kind: 'final'; event: FinalEvent }
  | { kind: 'error'; event: ErrorEvent }
  | { kind: 'sync'; event: SyncEvent }
  | { kind: 'attachment'; event: Record<string, unknown> };

/**
 * Reads one SSE event of the chat stream (its event name and `data:` text). Answers null for
 * data that is not a JSON object or of no known kind. Not validated field by field: this runs
 * once per token in the browser; `event-schemas.ts` holds the full shapes.
 */
export function readStreamEvent(sseName: string, data: string): ReadEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  if (sseName === 'error' || fields.error === true) return { kind: 'error', event: value as ErrorEvent };
  if (sseName === 'attachment') return { kind: 'attachment', event: fields };
  if (typeof fields.event === 'string') return { kind: 'step', event: value as StepEvent };
  if (fields.created === true) return { kind: 'created', event: value as CreatedEvent };
  if (fields.sync === true) return { kind: 'sync', event: value as SyncEvent };
  if (fields.final === true) return { kind: 'final', event: value as FinalEvent };
  return null;
}
