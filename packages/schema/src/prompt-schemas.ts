import { z } from 'zod';
import { entityId } from './list-query.ts';
import { normalizePromptCommand } from './prompt-command.ts';
import {
  PROMPT_FILTERS,
  PROMPT_LIMITS,
  PROMPT_NAME_REQUIRED,
  PROMPT_TEXT_REQUIRED,
  PROMPT_TYPES,
} from './prompts.ts';

// The request schemas of the prompt library; the limits and names they check are in prompts.ts,
// apart from zod, so the web's pages that only need those never load it.

const FILTER_VALUES: readonly string[] = Object.values(PROMPT_FILTERS);

// ---- field rules ----

const promptName = z
  .string({ error: PROMPT_NAME_REQUIRED })
  .trim()
  .min(1, PROMPT_NAME_REQUIRED)
  .max(PROMPT_LIMITS.name, `Prompt name must be at most ${PROMPT_LIMITS.name} characters`);

const promptText = z
  .string({ error: PROMPT_TEXT_REQUIRED })
  .max(PROMPT_LIMITS.text, `Prompt text must be at most ${PROMPT_LIMITS.text} characters`)
  .refine((t) => t.trim().length > 0, PROMPT_TEXT_REQUIRED);

/** A category name or '' for none; the filter values are reserved so a filter never lies. */
const category = z
  .string({ error: 'category must be a string' })
  .trim()
  .max(PROMPT_LIMITS.category, `category must be at most ${PROMPT_LIMITS.category} characters`)
  .refine((c) => !FILTER_VALUES.includes(c), 'category may not be a filter value');

const oneliner = z
  .string({ error: 'oneliner must be a string' })
  .trim()
  .max(PROMPT_LIMITS.oneliner, `oneliner must be at most ${PROMPT_LIMITS.oneliner} characters`);

/**
 * Trimmed first (surrounding blanks would otherwise become hyphens), then normalised by
 * `normalizePromptCommand`: lower case, whitespace to hyphens, only a-z, 0-9 and hyphens kept.
 * '' (or null) means "no command".
 */
const command = z
  .string({ error: 'command must be a string' })
  .nullable()
  .transform((c) => (c === null ? '' : normalizePromptCommand(c.trim())))
  .refine(
    (c) => c.length <= PROMPT_LIMITS.command,
    `command must be at most ${PROMPT_LIMITS.command} characters`,
  );

const projectIdList = z
  .array(z.string().trim().min(1).max(200), { error: 'must be a list of project ids' })
  .max(20, 'at most 20 project ids');

// ---- requests ----

/**
 * POST /api/prompts. With `prompt.groupId` it adds a version to that group; without, `group`
 * is required and a new group is created whose first version becomes production.
 */
export const createPromptSchema = z
  .object(
    {
      prompt: z.object(
        {
          prompt: promptText,
          type: z.enum(PROMPT_TYPES, { error: 'type must be text or chat' }).default('text'),
          groupId: z
            .string({ error: 'groupId must be a string' })
            .trim()
            .max(200, 'groupId is too long')
            .optional()
            .transform((g) => g || undefined),
        },
        { error: PROMPT_TEXT_REQUIRED },
      ),
      group: z
        .object(
          {
            name: promptName,
            category: category.default(''),
            oneliner: oneliner.optional(),
            command: command.optional(),
          },
          { error: 'group must be an object' },
        )
        .optional(),
    },
    { error: 'Body must be an object' },
  )
  .refine((b) => b.prompt.groupId !== undefined || b.group !== undefined, {
    message: PROMPT_NAME_REQUIRED,
    path: ['group', 'name'],
  })
  .refine((b) => b.prompt.groupId === undefined || b.group === undefined, {
    message: 'Give either prompt.groupId (new version) or group (new prompt), not both',
    path: ['group'],
  });
export type CreatePromptBody = z.infer<typeof createPromptSchema>;

/** PATCH /api/prompts/groups/{id}. */
export const updatePromptGroupSchema = z.object(
  {
    name: promptName.optional(),
    category: category.optional(),
    oneliner: oneliner.optional(),
    command: command.optional(),
    projectIds: projectIdList.optional(),
    removeProjectIds: projectIdList.optional(),
  },
  // A body of the wrong type gets this text; unknown keys are dropped, as in every request body.
  { error: (issue) => (issue.code === 'invalid_type' ? 'Body must be an object' : undefined) },
);
export type UpdatePromptGroupBody = z.infer<typeof updatePromptGroupSchema>;

/** The list filters shared by GET /api/prompts/groups and GET /api/prompts/all. */
const groupFilterFields = {
  name: z
    .string()
    .max(PROMPT_LIMITS.name, `name must be at most ${PROMPT_LIMITS.name} characters`)
    .optional()
    .transform((n) => n?.trim() || undefined),
  category: z
    .string()
    .max(PROMPT_LIMITS.category + 50, 'category is too long')
    .optional()
    .transform((c) => c?.trim() ?? ''),
};

export const promptGroupFilterQuerySchema = z.object(groupFilterFields);
export type PromptGroupFilterQuery = z.infer<typeof promptGroupFilterQuerySchema>;

export const listPromptGroupsQuerySchema = z.object({
  ...groupFilterFields,
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be at least 1')
    .max(PROMPT_LIMITS.pageSize.max, `pageSize must be at most ${PROMPT_LIMITS.pageSize.max}`)
    .default(PROMPT_LIMITS.pageSize.default),
  pageNumber: z.coerce
    .number({ error: 'pageNumber must be a number' })
    .int('pageNumber must be an integer')
    .min(1, 'pageNumber must be at least 1')
    .max(1_000_000, 'pageNumber is too large')
    .default(1),
});
export type ListPromptGroupsQuery = z.infer<typeof listPromptGroupsQuerySchema>;

export const listPromptVersionsQuerySchema = z.object({ groupId: entityId('groupId') });
export const promptIdParamsSchema = z.object({ promptId: entityId('promptId') });
export const promptGroupIdParamsSchema = z.object({ groupId: entityId('groupId') });
export const deletePromptQuerySchema = z.object({
  groupId: z
    .string()
    .trim()
    .max(200, 'groupId is too long')
    .optional()
    .transform((g) => g || undefined),
});
