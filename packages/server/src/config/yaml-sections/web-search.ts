import { notImplemented } from './section.ts';

/** `webSearch`: not acted on yet. */
export const webSearchSection = notImplemented(
  'web search is not offered; the providers set here are not called.',
);
