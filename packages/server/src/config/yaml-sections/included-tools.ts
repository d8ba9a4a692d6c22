import { notImplemented } from './section.ts';

/** `includedTools`: not acted on yet. */
export const includedToolsSection = notImplemented(
  'tools are not offered yet, so this list filters nothing.',
);
