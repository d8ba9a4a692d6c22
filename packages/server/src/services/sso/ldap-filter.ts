/** The search filter when LDAP_SEARCH_FILTER is not set: the person types their e-mail address. */
export const DEFAULT_LDAP_FILTER = 'mail={{username}}';

/**
 * A value made safe to stand inside an LDAP search filter (RFC 4515): the characters with a
 * meaning there — `*` (any), `(` `)` (grouping), `\` (escape) and NUL — become `\` and their two
 * hex digits. Without this, typing `*` as the name, or `x)(uid=*`, would widen the search to
 * other people's entries.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * The configured filter with every `{{username}}` replaced by the escaped login name, wrapped in
 * parentheses when the administrator wrote it bare (`mail={{username}}`).
 */
export function searchFilter(template: string | undefined, login: string): string {
  const filled = (template ?? DEFAULT_LDAP_FILTER).replaceAll('{{username}}', escapeFilterValue(login));
  return filled.startsWith('(') ? filled : `(${filled})`;
}
