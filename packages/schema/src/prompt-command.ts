/** Longest slash command of a prompt group. */
export const COMMANDS_MAX_LENGTH = 56;

/**
 * How a slash command is normalised, in this order: lower-case, whitespace runs become hyphens
 * (each whitespace character one hyphen), then every character outside a-z, 0-9 and hyphen is
 * removed. It does not cut to COMMANDS_MAX_LENGTH: the web input stops typing at that length and
 * the server refuses a longer command instead of silently shortening it.
 */
export function normalizePromptCommand(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
