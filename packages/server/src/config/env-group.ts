/**
 * Checks shared by settings that come as a group of environment variables (S3 storage, the
 * embeddings API): a group none of whose variables is set is off; a group partly set must be
 * completed, and every problem found is collected into one list so the start-up error names
 * them all at once.
 */

/** The group's variables that are set, in the group's order. */
export function setVariables<Name extends string>(
  env: Partial<Record<Name, unknown>>,
  names: readonly Name[],
): Name[] {
  return names.filter((name) => env[name] !== undefined);
}

/** "NAME: required when A, B are set": a variable the group cannot go without. */
export function requiredWhenSet(name: string, set: readonly string[]): string {
  return `${name}: required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`;
}

/** How a group's service address is named in its problems. */
export interface ServiceUrlRule {
  /** The variable, e.g. S3_ENDPOINT. */
  name: string;
  /** An address that would be right, shown when the value is not a URL. */
  example: string;
  /** Where credentials go instead of the URL, e.g. "the key in EMBEDDINGS_API_KEY". */
  credentialsGoTo: string;
}

/**
 * A service's base address: an http(s) URL without credentials, query or fragment, returned
 * without its trailing slashes; undefined (and a problem pushed) otherwise.
 */
export function checkedServiceUrl(
  value: string,
  rule: ServiceUrlRule,
  problems: string[],
): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${rule.name}: "${value}" is not a URL (e.g. ${rule.example})`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${rule.name}: expected an http(s) URL, got "${url.protocol}"`);
    return undefined;
  }
  if (url.username || url.password) {
    problems.push(`${rule.name}: put ${rule.credentialsGoTo}, not in the URL`);
    return undefined;
  }
  if (url.search || url.hash) {
    problems.push(`${rule.name}: "${value}" must not carry a query or fragment`);
    return undefined;
  }
  return url.href.replace(/\/+$/, '');
}
