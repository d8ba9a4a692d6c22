import { MEMORY_KEY_MAX, memoryKeySchema, wideParametersShape } from '@parley/schema';
import { z } from 'zod';
import { implemented } from './section.ts';

/**
 * The most messages the memory step may read: each one goes to the memory model with the user's
 * memories, so a window past this would cost more than the step can be worth after every answer.
 */
export const MEMORY_WINDOW_MAX = 50;
/** Instructions for the memory model replace the default guidance; they stay a prompt's size. */
export const MEMORY_INSTRUCTIONS_MAX = 20_000;

/**
 * The model that keeps memories during chats: an agent by id, or an endpoint and model with its
 * own instructions and parameters (the parameters an agent may have, range-checked the same way).
 */
const memoryAgentSchema = z.union([
  z.strictObject({ id: z.string().trim().min(1, 'must not be empty') }),
  z.strictObject({
    provider: z.string().trim().min(1, 'must not be empty'),
    model: z.string().trim().min(1, 'must not be empty'),
    instructions: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MEMORY_INSTRUCTIONS_MAX, `must be at most ${MEMORY_INSTRUCTIONS_MAX} characters`)
      .optional(),
    model_parameters: z.strictObject(wideParametersShape).optional(),
  }),
]);
export type MemoryAgentYaml = z.infer<typeof memoryAgentSchema>;

/** A valid key is one a memory could have: the API's key rules, so the step can never be refused for it. */
const validKeySchema = z.string().superRefine((key, ctx) => {
  const checked = memoryKeySchema.safeParse(key);
  if (!checked.success || checked.data !== key) {
    ctx.addIssue({
      code: 'custom',
      message: `is not a possible memory key (at most ${MEMORY_KEY_MAX} letters, digits, '_', '-' or '.'; not "preferences")`,
    });
  }
});

/**
 * `memory` (librechat.yaml 1.2.8): memories per user, kept through `/api/memories` and added to
 * the model's context for users who keep personalization on. `disabled` turns the feature off;
 * `validKeys` limits the keys a memory may have; `tokenLimit` caps the tokens of all of a user's
 * memories; `personalize` (default on) lets users turn memories off for themselves;
 * `messageWindowSize` (default 5) and `agent` configure the memory step after each exchange,
 * which runs only when `agent` is set.
 */
export const memoryYamlSchema = z.strictObject({
  disabled: z.boolean().optional(),
  validKeys: z
    .array(validKeySchema)
    .min(1, 'needs at least one key')
    .refine((keys) => new Set(keys).size === keys.length, 'lists a key twice')
    .optional(),
  tokenLimit: z.number().int().positive('must be at least 1').optional(),
  personalize: z.boolean().optional(),
  messageWindowSize: z
    .number()
    .int()
    .positive('must be at least 1')
    .max(MEMORY_WINDOW_MAX, `must be at most ${MEMORY_WINDOW_MAX}`)
    .optional(),
  agent: memoryAgentSchema.optional(),
});
export type MemoryYaml = z.infer<typeof memoryYamlSchema>;

export const memorySection = implemented(memoryYamlSchema);
