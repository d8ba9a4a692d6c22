import { notImplemented } from './section.ts';

/** `speech`: not acted on yet. */
export const speechSection = notImplemented(
  'no text-to-speech or speech-to-text provider is configured; voice features stay off.',
);
