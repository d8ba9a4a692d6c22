/** The rename input holds at most 100 characters. */
export const RENAME_MAX_LENGTH = 100;
/** What an empty (after trimming) title becomes. */
export const EMPTY_TITLE = 'untitled';

/**
 * What a finished rename saves: the trimmed text (cut to 100), 'untitled' when empty, or
 * nothing at all when it equals the current title.
 */
export function titleToSave(input: string, current: string): string | null {
  const trimmed = input.slice(0, RENAME_MAX_LENGTH).trim();
  const title = trimmed === '' ? EMPTY_TITLE : trimmed;
  return title === current ? null : title;
}
