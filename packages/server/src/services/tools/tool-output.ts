/** The most characters of a tool's result the model reads; the rest is cut with a note. */
export const MODEL_OUTPUT_LIMIT = 16_000;
/** The most characters of a tool's result kept in the answer for the user (the message row's size). */
export const SAVED_OUTPUT_LIMIT = 1_000_000;

/** A tool's return value as text: strings as they are, anything else as JSON. */
export function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A value JSON cannot write (a cycle, a BigInt) still says something to the model.
    return String(value);
  }
}

/** `text` cut to `limit` characters with a note saying how much was left out. */
export function truncated(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n[… truncated: the result has ${text.length} characters, the first ${limit} are shown]`;
}
