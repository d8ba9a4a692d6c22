// What the offline dependency check decides, apart from how it reads the installed tree (so it
// can be tested on made-up trees): npm's own problems (a package missing, or installed at a
// version its dependent does not accept), and server dependencies whose `engines.node` refuses a
// Node.js release Parley supports.
import semver from 'semver';

/** npm ls --json's `problems` (missing, invalid, …): each is a line to show. */
export function treeProblems(lsJson) {
  return [...(lsJson.problems ?? [])];
}

/**
 * Server dependencies that refuse one of `nodeVersions` in their `engines.node`; a package
 * with no such field accepts every version.
 * @param {{ name: string, version: string, engines?: { node?: string } }[]} manifests
 * @param {string[]} nodeVersions e.g. ['22.12.0', '24.22.3', '26.12.1']
 */
export function engineRefusals(manifests, nodeVersions) {
  const refusals = [];
  for (const manifest of manifests) {
    const range = manifest.engines?.node;
    if (typeof range !== 'string' || range.trim() === '') continue;
    for (const version of nodeVersions) {
      if (!semver.satisfies(version, range, { includePrerelease: true })) {
        refusals.push(`${manifest.name}@${manifest.version} needs Node.js "${range}", refusing ${version}`);
      }
    }
  }
  return refusals;
}
