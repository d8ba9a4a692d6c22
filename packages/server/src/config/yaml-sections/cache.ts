import { notImplemented } from './section.ts';

/** `cache`: not acted on yet. */
export const cacheSection = notImplemented(
  'Parley keeps no configuration cache, so this switch changes nothing.',
);
