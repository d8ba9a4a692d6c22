/**
 * JSON whose text is pure ASCII: every character past U+007F is written as a \uXXXX escape (a
 * character outside the Basic Multilingual Plane as its two UTF-16 halves), which JSON.parse
 * reads back as the same string. An HTTP header value may hold only Latin-1, and Node refuses
 * anything else with ERR_INVALID_CHAR; a header carrying JSON (a file's record, with a name such
 * as `議事録 🦦.txt`) must therefore be written this way.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
