import { notImplemented } from './section.ts';

/** `secureImageLinks`: not acted on yet. */
export const secureImageLinksSection = notImplemented('image links are not signed.');
