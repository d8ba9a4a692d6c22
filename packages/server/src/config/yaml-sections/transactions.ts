import { notImplemented } from './section.ts';

/** `transactions`: not acted on yet. */
export const transactionsSection = notImplemented('token spending is not recorded.');
