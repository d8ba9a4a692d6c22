import { notImplemented } from './section.ts';

/** `includedTools`: not acted on yet. */
export const includedToolsSection = notImplemented(
  'every configured tool is offered; this list filters nothing.',
);
