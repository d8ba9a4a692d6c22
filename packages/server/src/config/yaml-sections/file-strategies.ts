import { notImplemented } from './section.ts';

/** `fileStrategies`: not acted on yet. */
export const fileStrategiesSection = notImplemented(
  'uploaded files are kept on the local disk; per-kind storage strategies are not used.',
);
