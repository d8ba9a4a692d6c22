import { notImplemented } from './section.ts';

/** `rateLimits`: not acted on yet. */
export const rateLimitsSection = notImplemented(
  "the per-feature limits set here (uploads, imports, speech) are not applied; the environment's limits still are.",
);
