import { notImplemented } from './section.ts';

/** `imageOutputType`: not acted on yet. */
export const imageOutputTypeSection = notImplemented('generated images are not converted to this type.');
