import { notImplemented } from './section.ts';

/** `filteredTools`: not acted on yet. */
export const filteredToolsSection = notImplemented(
  'tools are not offered yet, so this list filters nothing.',
);
