import { z } from 'zod';
import { implemented } from './section.ts';

/**
 * The model that keeps memories during chats: an agent by id, or an endpoint and model with its
 * own instructions and parameters.
 */
const memoryAgentSchema = z.union([
  z.strictObject({ id: z.string().min(1, 'must not be empty') }),
  z.strictObject({
    provider: z.string().min(1, 'must not be empty'),
    model: z.string().min(1, 'must not be empty'),
    instructions: z.string().optional(),
    model_parameters: z.record(z.string(), z.unknown()).optional(),
  }),
]);

/**
 * `memory` (librechat.yaml 1.2.8): memories per user, kept through `/api/memories` and added to
 * the model's context for users who keep personalization on. `disabled` turns the feature off;
 * `validKeys` limits the keys a memory may have; `tokenLimit` caps the tokens of all of a user's
 * memories; `personalize` (default on) lets users turn memories off for themselves;
 * `messageWindowSize` (default 5) and `agent` configure the memory step after each exchange.
 */
export const memoryYamlSchema = z.strictObject({
  disabled: z.boolean().optional(),
  validKeys: z.array(z.string().min(1, 'must not be empty')).min(1, 'needs at least one key').optional(),
  tokenLimit: z.number().int().positive('must be at least 1').optional(),
  personalize: z.boolean().optional(),
  messageWindowSize: z.number().int().positive('must be at least 1').optional(),
  agent: memoryAgentSchema.optional(),
});
export type MemoryYaml = z.infer<typeof memoryYamlSchema>;

export const memorySection = implemented(memoryYamlSchema);
