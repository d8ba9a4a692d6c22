import { z } from 'zod';
import { entityId } from './list-query.ts';
import type { ParleyFile } from './files.ts';

/** Tools and their credentials as the web app sees them. */

/** One credential field a tool asks its user for (e.g. an API key). */
export interface ToolAuthField {
  authField: string;
  label: string;
  description: string;
  /**
   * For a tool whose user picks among options (`ToolEntry.choices`): the field is asked for only
   * when one of these options is chosen (a Serper key for Serper search or Serper scraping).
   * Absent: always asked for.
   */
  shownFor?: { choice: string; value: string }[];
}

/** One option of a tool choice, e.g. `searxng` shown as "SearXNG". */
export interface ToolChoiceOption {
  value: string;
  label: string;
}

/**
 * Something the user of a tool picks, stored with their credentials under its `name` (web search's
 * search provider, scraper and reranker): only the options the server's configuration allows.
 */
export interface ToolChoice {
  name: string;
  options: ToolChoiceOption[];
  /** The option used until the user picks one. */
  defaultValue: string;
}

/** A tool in GET /api/agents/tools and GET /api/plugins. */
export interface ToolEntry {
  name: string;
  pluginKey: string;
  description: string;
  icon?: string;
  authConfig: ToolAuthField[];
  /** Whether the caller has stored every credential the tool needs (true when it needs none). */
  authenticated: boolean;
  /** What the caller may pick among (only choices with two or more options), with their pick. */
  choices?: (ToolChoice & { value: string })[];
  /** The `authConfig` fields the caller has a value saved for (never the values). */
  savedFields?: string[];
}

/** A tool call's result saved for a conversation, so it shows again after a reload. */
export interface SavedToolCall {
  id: string;
  toolId: string;
  conversationId: string;
  messageId: string;
  partIndex: number;
  blockIndex: number;
  result: unknown;
  attachments: unknown[];
  createdAt: string;
}

export const TOOL_CREDENTIAL_LIMITS = {
  pluginKey: 200,
  fields: 20,
  fieldName: 100,
  value: 10_000,
} as const;

/** POST /api/user/plugins: store (install) or remove (uninstall) the caller's credentials for a tool. */
export const userPluginsSchema = z.object({
  pluginKey: z
    .string({ error: 'pluginKey is required' })
    .trim()
    .min(1, 'pluginKey is required')
    .max(TOOL_CREDENTIAL_LIMITS.pluginKey, 'pluginKey is too long'),
  action: z.enum(['install', 'uninstall'], { error: 'action must be install or uninstall' }),
  auth: z
    .record(
      z.string().max(TOOL_CREDENTIAL_LIMITS.fieldName, 'an auth field name is too long'),
      z
        .string({ error: 'auth values must be strings' })
        .max(
          TOOL_CREDENTIAL_LIMITS.value,
          `auth values must be at most ${TOOL_CREDENTIAL_LIMITS.value} characters`,
        ),
    )
    .refine((a) => Object.keys(a).length <= TOOL_CREDENTIAL_LIMITS.fields, 'too many auth fields')
    .optional(),
  /** The web app sends it for agent tools; credentials are per user either way. */
  isEntityTool: z.boolean().optional(),
});
export type UserPluginsBody = z.infer<typeof userPluginsSchema>;

/** GET /api/agents/tools/calls?conversationId=… */
export const toolCallsQuerySchema = z.object({
  conversationId: entityId('conversationId'),
});

/**
 * The words a tool call's output starts with when the call failed (a tool that threw, an unknown
 * tool, arguments its schema refused, a time-out, a sign-in that never came). The web shows such a
 * call in its error state; the model reads the same text and can recover.
 */
export const TOOL_ERROR_PREFIX = 'Error processing tool';

/** Whether a tool call's output reports a failure (checked case-insensitively, as clients do). */
export function isToolErrorOutput(output: unknown): boolean {
  return typeof output === 'string' && output.toLowerCase().includes(TOOL_ERROR_PREFIX.toLowerCase());
}

/**
 * The `auth` link of a tool call that waits for credentials the user stores in Parley itself (an
 * API key): `plugin:<pluginKey>`, which the web answers with that tool's credential dialog. Any
 * other link (http/https) is an external sign-in page to open.
 */
export const TOOL_CREDENTIALS_AUTH_PREFIX = 'plugin:';

/** Sizes a code run's request may have (the Run button and the execute_code tool). */
export const CODE_RUN_LIMITS = {
  code: 100_000,
  lang: 40,
  index: 10_000,
} as const;

const codeRunIndex = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(CODE_RUN_LIMITS.index, `${name} is too large`)
    .default(0);

/** The code and its language, as the model sends them to execute_code and the Run button posts them. */
export const codeRunInputSchema = z.object({
  lang: z
    .string({ error: 'lang is required' })
    .trim()
    .min(1, 'lang is required')
    .max(CODE_RUN_LIMITS.lang, 'lang is too long'),
  code: z
    .string({ error: 'code is required' })
    .min(1, 'code is required')
    .max(CODE_RUN_LIMITS.code, `code is at most ${CODE_RUN_LIMITS.code} characters`)
    .refine((code) => code.trim().length > 0, 'code is required'),
});

/**
 * POST /api/agents/tools/execute_code/call (the Run button on a code block): which block of which
 * message of the caller's conversation, and its code.
 */
export const codeRunId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'runId must be 1 to 64 letters, digits, "-" or "_"');

export const toolCallBodySchema = codeRunInputSchema.extend({
  conversationId: entityId('conversationId'),
  messageId: entityId('messageId'),
  partIndex: codeRunIndex('partIndex'),
  blockIndex: codeRunIndex('blockIndex'),
  /**
   * The browser's name for this run, so it can ask where the run waits while all slots are taken
   * (GET /api/agents/tools/execute_code/queue/{runId}).
   */
  runId: codeRunId.optional(),
});
export type ToolCallBody = z.infer<typeof toolCallBodySchema>;

/** GET /api/agents/tools/execute_code/queue/{runId}: runs ahead of it; null once it runs (or is unknown). */
export interface CodeRunQueueState {
  ahead: number | null;
}

/** The answer of a tool call from the Run button: the run's printed result and the files it wrote. */
export interface ToolCallResult {
  result: string;
  attachments: ParleyFile[];
}

/** GET /api/agents/tools/{toolId}/auth: whether the caller's credentials for the tool are set. */
export interface ToolAuthState {
  authenticated: boolean;
  message: string;
  /**
   * For a built-in tool that is switched off on this server: each part of its setup and who
   * provides it (LibreChat's shape, `[part, "system_defined" | "user_provided"]`).
   */
  authTypes?: [string, 'system_defined' | 'user_provided'][];
}
