import { z } from 'zod';
import { entityId } from './list-query.ts';
import { COMMANDS_MAX_LENGTH, normalizePromptCommand } from './prompt-command.ts';

/** Limits of the prompt library (001 §5, §9) and the ones Parley adds where the spec has none. */
export const PROMPT_LIMITS = {
  /** Not limited by the spec; long enough for imported names, short enough for a card. */
  name: 200,
  /** 001 §9. */
  oneliner: 120,
  command: COMMANDS_MAX_LENGTH,
  /** Free-text categories (LibreChat accepts any string); the built-in ones are far shorter. */
  category: 50,
  text: 100_000,
  pageSize: { default: 10, max: 100 },
} as const;

/** The built-in categories (001 §3). Labels are i18n keys, as LibreChat's web app expects. */
export const PROMPT_CATEGORIES = [
  'idea',
  'travel',
  'teach_or_explain',
  'write',
  'shop',
  'code',
  'misc',
  'roleplay',
  'finance',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

export interface CategoryOption {
  label: string;
  value: string;
}
/** The answer of GET /api/categories: `[{label: 'com_ui_idea', value: 'idea'}, …]`. */
export const PROMPT_CATEGORY_OPTIONS: readonly CategoryOption[] = PROMPT_CATEGORIES.map((value) => ({
  label: `com_ui_${value}`,
  value,
}));

/**
 * The library's filter values for `category` (001 §3: all, my prompts, shared prompts, no
 * category), with LibreChat's wire values. Any other non-empty value is a category name.
 */
export const PROMPT_FILTERS = {
  ALL: 'sys__all__sys',
  MY_PROMPTS: 'sys__my__prompts__sys',
  NO_CATEGORY: 'sys__no__category__sys',
  SHARED_PROMPTS: 'sys__shared__prompts__sys',
} as const;
const FILTER_VALUES: readonly string[] = Object.values(PROMPT_FILTERS);

export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** Messages of the prompt form (001 §5), also used as the server's 400 messages. */
export const PROMPT_NAME_REQUIRED = 'Prompt name is required';
export const PROMPT_TEXT_REQUIRED = 'Prompt text is required';

// ---- entities as the API answers them ----

export interface PromptVersion {
  _id: string;
  groupId: string;
  /** User id of whoever saved this version. */
  author: string;
  type: PromptType;
  prompt: string;
  createdAt: string;
  updatedAt: string;
}

export interface PromptGroup {
  _id: string;
  name: string;
  /** '' when the group has no category. */
  category: string;
  oneliner: string;
  /** Absent when the group has no slash command. */
  command?: string;
  author: string;
  authorName: string;
  productionId: string | null;
  /** The production version's text; null if the group has none (e.g. its author was deleted). */
  productionPrompt: { prompt: string } | null;
  /** Contains the instance project id when shared to all users. */
  projectIds: string[];
  numberOfGenerations: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/prompts/groups. Numbers travel as strings, as LibreChat sends them. */
export interface PromptGroupPage {
  promptGroups: PromptGroup[];
  pageNumber: string;
  pageSize: string;
  pages: string;
}

export interface CreatePromptResult {
  prompt: PromptVersion;
  /** Present when the call created a new group. */
  group?: PromptGroup;
}

export interface DeletePromptResult {
  prompt: 'Prompt deleted successfully';
  /** Present when the deleted version was the group's last, so the group went too. */
  promptGroup?: { message: 'Prompt group deleted successfully'; id: string };
}

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
 * Normalised by the rule of 001 §5 after trimming (surrounding blanks would otherwise become
 * hyphens); '' (or null) means "no command".
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
export const updatePromptGroupSchema = z
  .object(
    {
      name: promptName.optional(),
      category: category.optional(),
      oneliner: oneliner.optional(),
      command: command.optional(),
      projectIds: projectIdList.optional(),
      removeProjectIds: projectIdList.optional(),
    },
    // Only a body of the wrong type gets this text: an unknown key keeps zod's message, which
    // names the key.
    { error: (issue) => (issue.code === 'invalid_type' ? 'Body must be an object' : undefined) },
  )
  .strict();
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

/** Which filter a `category` query value means. */
export type PromptGroupFilter =
  { kind: 'all' } | { kind: 'mine' } | { kind: 'shared' } | { kind: 'category'; category: string };

export function readPromptGroupFilter(value: string): PromptGroupFilter {
  switch (value) {
    case '':
    case PROMPT_FILTERS.ALL:
      return { kind: 'all' };
    case PROMPT_FILTERS.MY_PROMPTS:
      return { kind: 'mine' };
    case PROMPT_FILTERS.SHARED_PROMPTS:
      return { kind: 'shared' };
    case PROMPT_FILTERS.NO_CATEGORY:
      return { kind: 'category', category: '' };
    default:
      return { kind: 'category', category: value };
  }
}
