import { spawnSync } from 'node:child_process';

const REPO_ROOT = new URL('../../../', import.meta.url).pathname;

/** Runs the server's admin CLI (`npm run admin -- <args>`) with `env`; throws with its output when it fails. */
export function runAdmin(args: string[], env: NodeJS.ProcessEnv): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`admin ${args[0]} failed: ${run.stderr}`);
}
