/**
 * Text PostgreSQL cannot store. Its `text` type refuses U+0000, and its `jsonb` type also
 * refuses a lone UTF-16 surrogate (half of a pair, e.g. the JSON escape "\ud800" alone), which
 * JavaScript strings may hold. These rules are shared by request validation, imports and the
 * pagination cursors so every way in treats such text the same.
 */

/** With the `u` flag a surrogate class only matches a half that is not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;

/** True when the text holds a lone surrogate. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The text with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function toWellFormed(text: string): string {
  return hasLoneSurrogate(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
}

/** True for text the database can store as it is: no U+0000 and no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !hasLoneSurrogate(text);
}

/** The text without U+0000 and with lone surrogates replaced by U+FFFD. */
export function toStorableText(text: string): string {
  return toWellFormed(text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);
}

const isPlainContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  Array.isArray(value) ||
  (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype);

/**
 * A copy of a JSON-like value whose strings and keys the database can store (see
 * `toStorableText`), for text that did not come through a request (imported files, provider
 * answers). Plain objects and arrays are copied; other objects (a Date) are kept. Iterative:
 * imported content may nest deeply. `text` may clean string values further (keys always get
 * `toStorableText`).
 */
export function toStorable<T>(value: T, text: (value: string) => string = toStorableText): T {
  if (typeof value === 'string') return text(value) as T;
  if (!isPlainContainer(value)) return value;
  const root: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  const pending: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]][] = [
    [value, root],
  ];
  while (pending.length > 0) {
    const [from, to] = pending.pop()!;
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child;
      if (typeof child === 'string') copy = text(child);
      else if (isPlainContainer(child)) {
        copy = Array.isArray(child) ? [] : {};
        pending.push([child, copy as Record<string, unknown> | unknown[]]);
      }
      if (Array.isArray(to)) to[Number(key)] = copy;
      else to[toStorableText(key)] = copy;
    }
  }
  return root as T;
}
