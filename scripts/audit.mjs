// `npm run audit`: npm's advisory audit of the installed dependencies, failing on any advisory
// that docs/dependency-audit.md has not reviewed. The reviewed ones are listed, with the reason
// each is accepted, in docs/audit-exceptions.json ({"GHSA-…": "why it does not apply"}).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unreviewedAdvisories } from './audit-report.mjs';

const exceptions = JSON.parse(
  readFileSync(new URL('../docs/audit-exceptions.json', import.meta.url), 'utf8'),
);
const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report:\n${run.stderr}`);
  process.exit(2);
}
if (!report.vulnerabilities) {
  console.error(
    `npm audit could not reach the advisory database: ${report.message ?? report.error?.summary ?? 'no answer'}`,
  );
  process.exit(2);
}

const unreviewed = unreviewedAdvisories(report, exceptions);
const reviewed = Object.keys(exceptions).length;
if (unreviewed.length > 0) {
  console.error(`Unreviewed advisories (fix them, or review and list them in docs/audit-exceptions.json):`);
  for (const line of unreviewed) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `npm audit: no unreviewed advisories (${reviewed} reviewed exception${reviewed === 1 ? '' : 's'}).`,
);
