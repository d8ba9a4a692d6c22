import { notImplemented } from './section.ts';

/** `memory`: not acted on yet. */
export const memorySection = notImplemented('memories are not kept or added to conversations.');
