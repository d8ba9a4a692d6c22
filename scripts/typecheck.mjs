// Type-checks every workspace project (scripts/typecheck-projects.mjs), one after the other.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TYPECHECK_PROJECTS } from './typecheck-projects.mjs';

let failed = false;
for (const project of TYPECHECK_PROJECTS) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
