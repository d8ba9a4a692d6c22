import { notImplemented } from './section.ts';

/** `filteredTools`: not acted on yet. */
export const filteredToolsSection = notImplemented(
  'every configured tool is offered; this list filters nothing.',
);
