import { z } from 'zod';
import { MEMORY_ERROR_TYPES } from './errors.ts';

/**
 * Memories: short facts a user keeps (or lets the assistant keep) about
 * themselves, each a key and a value with the value's token count, added to the model's context
 * while the user keeps personalization on.
 */

/** A key names one memory in a URL path (`/api/memories/{key}`), so it holds no spaces or slashes. */
export const MEMORY_KEY_MAX = 100;
export const MEMORY_VALUE_MAX = 10_000;
const MEMORY_KEY_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
/** `PATCH /api/memories/preferences` takes this path, so no memory can be named so. */
export const RESERVED_MEMORY_KEY = 'preferences';
/** The spec's default: memories are used unless the user turns personalization off. */
export const MEMORY_DEFAULTS = { messageWindowSize: 5, personalize: true } as const;

export const memoryKeySchema = z
  .string({ error: 'Key is required' })
  .trim()
  .min(1, 'Key is required')
  .max(MEMORY_KEY_MAX, `Key is too long (at most ${MEMORY_KEY_MAX} characters)`)
  .regex(MEMORY_KEY_PATTERN, "Key may hold only letters, digits, '_', '-' and '.' (no spaces)")
  .refine((key) => key.toLowerCase() !== RESERVED_MEMORY_KEY, `"${RESERVED_MEMORY_KEY}" is reserved`);

export const memoryValueSchema = z
  .string({ error: 'Value is required' })
  .trim()
  .min(1, 'Value is required')
  .max(MEMORY_VALUE_MAX, `Value is too long (at most ${MEMORY_VALUE_MAX} characters)`);

/** The path's `{key}` of `/api/memories/{key}`, checked as the body's keys are. */
export const memoryKeyParamsSchema = z.object({ key: memoryKeySchema });

/** POST /api/memories. */
export const createMemorySchema = z.object({ key: memoryKeySchema, value: memoryValueSchema });
export type CreateMemory = z.infer<typeof createMemorySchema>;

/** PATCH /api/memories/{key}: a new value, and a new key when the memory is renamed. */
export const updateMemorySchema = z.object({
  key: memoryKeySchema.optional(),
  value: memoryValueSchema,
});
export type UpdateMemory = z.infer<typeof updateMemorySchema>;

/** PATCH /api/memories/preferences: whether memories are used in the user's chats. */
export const memoryPreferencesSchema = z.object({
  memories: z.boolean({ error: 'memories must be true or false' }),
});
export type MemoryPreferences = z.infer<typeof memoryPreferencesSchema>;

export const memorySchema = z.object({
  key: z.string(),
  value: z.string(),
  tokenCount: z.number(),
  updated_at: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;

/** GET /api/memories: the memories (newest first), their token usage, and the user's preference. */
export const memoriesAnswerSchema = z.object({
  memories: z.array(memorySchema),
  totalTokens: z.number(),
  /** The configured limit on all of a user's memories; null when there is none. */
  tokenLimit: z.number().nullable(),
  /** totalTokens of tokenLimit in percent, capped at 100; null without a limit. */
  usagePercentage: z.number().nullable(),
  preferences: memoryPreferencesSchema,
  /** Whether users may turn memories off for themselves (parley.yaml `memory.personalize`). */
  personalize: z.boolean(),
});
export type MemoriesAnswer = z.infer<typeof memoriesAnswerSchema>;

export const memoryCreatedAnswerSchema = z.object({ created: z.literal(true), memory: memorySchema });
export const memoryUpdatedAnswerSchema = z.object({ updated: z.literal(true), memory: memorySchema });
export const memoryDeleteAnswerSchema = z.object({ deleted: z.literal(true) });
export const memoryPreferencesAnswerSchema = z.object({
  updated: z.literal(true),
  preferences: memoryPreferencesSchema,
});

/**
 * What a memory change inside a chat reports: an update, a delete, or a refusal
 * whose value is JSON naming why (the store was already full, or the change would overfill it).
 */
export const MEMORY_ARTIFACT_TYPES = ['update', 'delete', 'error'] as const;

export const memoryArtifactSchema = z.object({
  type: z.enum(MEMORY_ARTIFACT_TYPES),
  key: z.string(),
  value: z.string().optional(),
});
export type MemoryArtifact = z.infer<typeof memoryArtifactSchema>;

export const memoryErrorValueSchema = z.object({
  errorType: z.enum(MEMORY_ERROR_TYPES),
  tokenCount: z.number(),
});

/** The error of an error artifact, or null when its value is not one (shown as a generic error). */
export function memoryArtifactError(artifact: MemoryArtifact): z.infer<typeof memoryErrorValueSchema> | null {
  if (artifact.type !== 'error' || !artifact.value) return null;
  try {
    const parsed = memoryErrorValueSchema.safeParse(JSON.parse(artifact.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A memory change the memory step made after an answer, as the answer carries it (its
 * `attachments`, and the stream's `attachment` event shape of PROTOCOL.md).
 */
export const memoryAttachmentSchema = z.object({
  type: z.literal('memory'),
  memory: memoryArtifactSchema,
  messageId: z.string(),
  conversationId: z.string(),
});
export type MemoryAttachment = z.infer<typeof memoryAttachmentSchema>;

/** The memory attachments among a message's `attachments` (anything else, or malformed, is left out). */
export function memoryAttachmentsOf(attachments: unknown): MemoryAttachment[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.flatMap((a) => {
    const parsed = memoryAttachmentSchema.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * `GET /api/messages/{conversationId}/{messageId}/memory`: what the memory step changed after
 * that answer. `pending` while the step still runs (the call waits a while for it first).
 */
export const memoryStepAnswerSchema = z.object({
  pending: z.boolean(),
  attachments: z.array(memoryAttachmentSchema),
});
export type MemoryStepAnswer = z.infer<typeof memoryStepAnswerSchema>;
