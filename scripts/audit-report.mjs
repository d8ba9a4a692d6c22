// The judgement `npm run audit` makes on npm's report (`npm audit --json`), apart from running it,
// so that it can be tested with reports no machine here can fetch.

/**
 * Advisories in `report` that `exceptions` ({"GHSA-…": "why"}) has not reviewed, one line each.
 * A package vulnerable only through another one (a string in `via`) is reported under that one.
 * @param {{ vulnerabilities: Record<string, { via: Array<string | { url?: string, source?: number, severity?: string, title?: string }> }> }} report
 * @param {Record<string, string>} exceptions
 * @returns {string[]}
 */
export function unreviewedAdvisories(report, exceptions) {
  const lines = [];
  for (const [name, entry] of Object.entries(report.vulnerabilities)) {
    for (const via of entry.via) {
      if (typeof via !== 'object') continue;
      const id = via.url?.split('/').at(-1) ?? String(via.source);
      if (!(id in exceptions)) lines.push(`${name} (${via.severity}): ${via.title} — ${via.url}`);
    }
  }
  return [...new Set(lines)];
}
