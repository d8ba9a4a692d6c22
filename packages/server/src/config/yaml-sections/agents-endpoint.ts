import { AGENT_CAPABILITIES } from '@parley/schema';
import { z } from 'zod';
import { titleKeys } from './title-keys.ts';

/**
 * `endpoints.agents`: what agents may do on this server. Every key is checked strictly; the
 * defaults are what an instance without this section gets (services/agents/agents-settings.ts).
 */
export const agentsEndpointSchema = z
  .strictObject({
    /** Hides the builder and refuses every agent change through the API. */
    disableBuilder: z.boolean().optional(),
    /** Tool-loop steps a run may take unless an agent sets its own `recursion_limit`. */
    recursionLimit: z.number().int().min(1).optional(),
    /** The most steps any agent may ask for with its own `recursion_limit`. */
    maxRecursionLimit: z.number().int().min(1).optional(),
    capabilities: z
      .array(z.enum(AGENT_CAPABILITIES))
      .refine((c) => new Set(c).size === c.length, 'capabilities must not repeat')
      .optional(),
    /** Endpoint names an agent may use as its provider; all when absent. */
    allowedProviders: z.array(z.string().min(1)).min(1, 'needs at least one provider').optional(),
    ...titleKeys,
    streamRate: z.number().optional(),
    maxCitations: z.number().int().min(1).optional(),
    maxCitationsPerFile: z.number().int().min(1).optional(),
    minRelevanceScore: z.number().min(0).max(1).optional(),
    /**
     * Milliseconds a tool call paused for the user's approval (or an `ask_user` answer) waits
     * before the run ends, its answer saved (default 600000, ten minutes; at most a day).
     */
    toolApprovalTimeout: z.number().int().min(1_000).max(86_400_000).optional(),
  })
  .superRefine((a, ctx) => {
    if (
      a.recursionLimit !== undefined &&
      a.maxRecursionLimit !== undefined &&
      a.recursionLimit > a.maxRecursionLimit
    )
      ctx.addIssue({
        code: 'custom',
        path: ['recursionLimit'],
        message: 'must not be greater than maxRecursionLimit',
      });
  });
export type AgentsEndpointConfig = z.infer<typeof agentsEndpointSchema>;
