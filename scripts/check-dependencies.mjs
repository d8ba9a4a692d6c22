// `npm run deps`: a dependency check that needs no advisory service (the advisory endpoint
// `npm run audit` asks is not reachable from every machine). It fails when
//  - `npm ls --all` reports a problem (a package missing, or at a version its dependent refuses);
//  - a production dependency of the server refuses, in its `engines.node`, a Node.js release
//    Parley supports: the oldest allowed by package.json's engines, and each release pinned in
//    scripts/with-node (the ones CI runs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineRefusals, treeProblems } from './dependency-check.mjs';
import { requiredNodeRange } from './node-version-check.mjs';

const ROOT = new URL('..', import.meta.url).pathname;

function npmLs(args) {
  try {
    return execFileSync('npm', ['ls', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (error) {
    // npm ls exits 1 when it found problems; its output still says which.
    if (typeof error.stdout === 'string' && error.stdout.length > 0) return error.stdout;
    throw error;
  }
}

function supportedNodeVersions() {
  const oldest = requiredNodeRange().replace(/^>=\s*/, '');
  const pinned = [
    ...readFileSync(join(ROOT, 'scripts/with-node'), 'utf8').matchAll(/\[\d+\]=(\d+\.\d+\.\d+)/g),
  ].map((m) => m[1]);
  const full = oldest.split('.').length === 2 ? `${oldest}.0` : oldest;
  return [full, ...pinned];
}

const problems = treeProblems(JSON.parse(npmLs(['--all', '--json'])));
const serverPaths = npmLs(['--all', '--omit=dev', '--parseable', '-w', '@parley/server'])
  .split('\n')
  .filter((p) => p.includes('/node_modules/'));
const manifests = serverPaths.map((p) => JSON.parse(readFileSync(join(p, 'package.json'), 'utf8')));
const versions = supportedNodeVersions();
const refusals = engineRefusals(manifests, versions);

for (const line of [...problems, ...refusals]) console.error(`✗ ${line}`);
if (problems.length + refusals.length > 0) process.exit(1);
console.log(
  `dependencies: npm ls finds no problem; ${manifests.length} server packages accept Node.js ${versions.join(', ')}`,
);
