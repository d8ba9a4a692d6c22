import { notImplemented } from './section.ts';

/** `balance`: not acted on yet. */
export const balanceSection = notImplemented(
  'token balances are neither tracked nor enforced, and no credits are granted or refilled.',
);
