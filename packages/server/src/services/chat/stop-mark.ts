/**
 * An answer its user stopped is saved with `finish_reason: "incomplete"` (so Continue is offered)
 * but not `unfinished` — LibreChat's client locks its input below an unfinished answer, and
 * nothing more is coming to a stopped one — and marked `stopped: true` besides, kept with the
 * answer's other extra fields. The web app shows such an answer quietly as stopped, and keeps its
 * "incomplete response" notice for answers the server lost or cut short (saved `unfinished`).
 */
export const STOPPED_BY_USER = 'stopped';

/**
 * A continued answer's extra fields without the mark: continuing a stopped answer starts over on
 * how it ends, and the mark comes back only if that run is stopped too.
 */
export function withoutStopMark(
  metadata: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  if (!metadata) return {};
  const { [STOPPED_BY_USER]: _mark, ...rest } = metadata;
  return rest;
}
