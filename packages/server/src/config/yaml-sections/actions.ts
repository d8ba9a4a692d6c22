import { notImplemented } from './section.ts';

/** `actions`: not acted on yet. */
export const actionsSection = notImplemented(
  'agent actions do not exist yet, so their allowed domains are not enforced.',
);
