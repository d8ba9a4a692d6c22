import { notImplemented } from './section.ts';

/** `agents`: not acted on yet. */
export const agentsSection = notImplemented('agents do not exist yet; these agent settings have no effect.');
