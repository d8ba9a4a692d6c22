/**
 * Whether parley.yaml `actions.allowedDomains` lets an action call `domain`. An empty list allows
 * every domain (the address guard still refuses private ones); `*.example.com` allows the
 * subdomains of example.com, not example.com itself.
 */
export function domainAllowed(domain: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const host = domain.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}
