import { notImplemented } from './section.ts';

/** `fileStrategy`: not acted on yet. */
export const fileStrategySection = notImplemented(
  'uploaded files are kept on the local disk; other storage strategies are not used.',
);
