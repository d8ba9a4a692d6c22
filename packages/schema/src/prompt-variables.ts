/**
 * Prompt variables: `{{name}}` is a free-text field, `{{name:a|b}}` a dropdown with the
 * options a and b. Pure functions shared by the prompt card, the slash-command picker and the
 * variable dialog.
 */

/** The special variables filled automatically. */
export const SPECIAL_PROMPT_VARIABLES = [
  'current_date',
  'current_user',
  'iso_datetime',
  'current_datetime',
] as const;
export type SpecialPromptVariable = (typeof SPECIAL_PROMPT_VARIABLES)[number];

export interface PromptVariable {
  name: string;
  /** Present for `{{name:a|b}}`: the dropdown's options, in the written order. */
  options?: string[];
}

/** A placeholder: `{{` then anything but braces and line breaks, then `}}`. */
const PLACEHOLDER = /\{\{([^{}\r\n]+)\}\}/g;

interface Placeholder {
  name: string;
  options?: string[];
}

/** Reads the inside of a placeholder; null when it names nothing (e.g. `{{ }}` or `{{:a}}`). */
function readPlaceholder(inner: string): Placeholder | null {
  const colon = inner.indexOf(':');
  const name = (colon === -1 ? inner : inner.slice(0, colon)).trim();
  if (!name) return null;
  if (colon === -1) return { name };
  const options = inner
    .slice(colon + 1)
    .split('|')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  return options.length > 0 ? { name, options } : { name };
}

/** Special variable names match case-insensitively, as `{{Current_Date}}` is clearly meant so. */
export function isSpecialPromptVariable(name: string): boolean {
  return (SPECIAL_PROMPT_VARIABLES as readonly string[]).includes(name.trim().toLowerCase());
}

/**
 * The variables the user must fill, in order of first appearance. A name that appears several
 * times is listed once; its options come from the first appearance that has any.
 * Special variables are left out because they are filled automatically.
 */
export function parsePromptVariables(text: string): PromptVariable[] {
  const byName = new Map<string, PromptVariable>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const found = readPlaceholder(match[1] ?? '');
    if (!found || isSpecialPromptVariable(found.name)) continue;
    const known = byName.get(found.name);
    if (!known)
      byName.set(
        found.name,
        found.options ? { name: found.name, options: found.options } : { name: found.name },
      );
    else if (!known.options && found.options) known.options = found.options;
  }
  return [...byName.values()];
}

/** True when the text has variables the user must fill (the card then opens the dialog). */
export function hasPromptVariables(text: string): boolean {
  return parsePromptVariables(text).length > 0;
}

export interface SpecialVariableContext {
  now: Date;
  /** The signed-in user's display name; without one `{{current_user}}` stays as written. */
  userName?: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * The value of a special variable, or null when it cannot be filled. Dates are in the browser's
 * local time; current_date and current_datetime carry the weekday number (0 = Sunday) in
 * parentheses, the format LibreChat sends, so models see the day of the week too.
 */
export function specialVariableValue(name: string, ctx: SpecialVariableContext): string | null {
  switch (name.trim().toLowerCase() as SpecialPromptVariable) {
    case 'current_date':
      return `${localDate(ctx.now)} (${ctx.now.getDay()})`;
    case 'current_datetime':
      return `${localDate(ctx.now)} ${localTime(ctx.now)} (${ctx.now.getDay()})`;
    case 'iso_datetime':
      return ctx.now.toISOString();
    case 'current_user':
      return ctx.userName?.trim() ? ctx.userName : null;
    default:
      return null;
  }
}

/**
 * Fills a prompt in one pass over the original text: special variables from `ctx`, the others
 * from `values` (keyed by variable name). Empty or blank values leave the placeholder
 * unchanged. Because the pass reads only the original text, a value that itself contains `{{x}}`
 * is inserted literally and never filled again.
 */
export function fillPromptVariables(
  text: string,
  values: Readonly<Record<string, string | undefined>>,
  ctx?: SpecialVariableContext,
): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const found = readPlaceholder(inner);
    if (!found) return whole;
    if (isSpecialPromptVariable(found.name)) {
      return ctx ? (specialVariableValue(found.name, ctx) ?? whole) : whole;
    }
    const value = Object.hasOwn(values, found.name) ? values[found.name] : undefined;
    return value !== undefined && value.trim() !== '' ? value : whole;
  });
}
