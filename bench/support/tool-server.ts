// Parley as `npm start` runs it (the same configuration from the environment and parley.yaml), with
// one tool added for the tool benchmarks: `lookup`, the tool the simulator's `tools-chain` model
// calls, which answers at once so that a run's time is the model's and Parley's alone.
import { z } from 'zod';
import { loadAppConfig } from '../../packages/server/src/config/app-config.ts';
import { createLogger } from '../../packages/server/src/logger.ts';
import { startServer } from '../../packages/server/src/server.ts';
import type { Tool } from '../../packages/server/src/services/tools/tool.ts';

export const lookupTool: Tool = {
  name: 'lookup',
  description: 'Looks something up',
  input: z.object({ step: z.number().int(), query: z.string() }),
  authConfig: [],
  run: async ({ step, query }: { step: number; query: string }) => `step ${step}: ${query.slice(0, 60)}`,
};

const config = loadAppConfig();
const server = await startServer({ config, logger: createLogger(config.env.LOG_LEVEL) });
server.ctx.tools.add(lookupTool);
process.once('SIGTERM', () => {
  void server.close(5_000).then(() => process.exit(0));
});
