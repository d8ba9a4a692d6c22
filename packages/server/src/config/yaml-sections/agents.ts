import { notImplemented } from './section.ts';

/** `agents` (top level): not acted on; agents are configured under `endpoints.agents`. */
export const agentsSection = notImplemented(
  'these settings are not read; what agents may do is set under endpoints.agents.',
);
