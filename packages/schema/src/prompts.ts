import { COMMANDS_MAX_LENGTH } from './prompt-command.ts';

/** Limits of the prompt library and the ones Parley adds where the spec has none. */
export const PROMPT_LIMITS = {
  /** Not limited by the spec; long enough for imported names, short enough for a card. */
  name: 200,
  /** The description (oneliner) is at most 120 characters. */
  oneliner: 120,
  command: COMMANDS_MAX_LENGTH,
  /** Free-text categories (LibreChat accepts any string); the built-in ones are far shorter. */
  category: 50,
  text: 100_000,
  pageSize: { default: 10, max: 100 },
} as const;

/** The built-in categories. Labels are i18n keys, as LibreChat's web app expects. */
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
 * The library's filter values for `category` (all, my prompts, shared prompts, no
 * category), with LibreChat's wire values. Any other non-empty value is a category name.
 */
export const PROMPT_FILTERS = {
  ALL: 'sys__all__sys',
  MY_PROMPTS: 'sys__my__prompts__sys',
  NO_CATEGORY: 'sys__no__category__sys',
  SHARED_PROMPTS: 'sys__shared__prompts__sys',
} as const;

export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** Messages of the prompt form, also used as the server's 400 messages. */
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
