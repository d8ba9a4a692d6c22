// Type-checks every workspace project; one tsc run per project because the web app needs DOM
// types and the server must not see them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/schema',
  'packages/llm-sim',
  'packages/server',
  'packages/web',
  'tests/e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
