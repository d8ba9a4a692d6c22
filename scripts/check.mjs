// `npm run check`: every static check — tsc per project, ESLint, Prettier, the spec references,
// import circles, locales and dependencies. Each is a single-threaded process, so they run as
// many at a time as the machine has cores (on CI's two cores this halves the step). A check's
// output is printed whole when it ends, with its time, so parallel checks never interleave; the
// run fails when any check failed, after all have run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { TYPECHECK_PROJECTS } from './typecheck-projects.mjs';

/** @type {{ name: string, cmd: string, args: string[] }[]} */
const checks = [
  // The largest first, so the short ones fill in beside them.
  ...TYPECHECK_PROJECTS.filter((p) => existsSync(`${p}/tsconfig.json`)).map((p) => ({
    name: `tsc ${p}`,
    cmd: 'npx',
    args: ['tsc', '-p', p],
  })),
  { name: 'eslint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'prettier', cmd: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'spec references', cmd: 'node', args: ['scripts/check-spec-references.mjs'] },
  { name: 'import circles', cmd: 'node', args: ['scripts/check-folder-cycles.mjs'] },
  { name: 'locales', cmd: 'node', args: ['scripts/check-locales.mjs'] },
  { name: 'dependencies', cmd: 'node', args: ['scripts/check-dependencies.mjs'] },
].sort((a, b) => weight(b.name) - weight(a.name));

/** Rough cost, so the longest checks start first. */
function weight(name) {
  if (name === 'eslint') return 3;
  if (name === 'tsc packages/server' || name === 'tsc packages/web') return 2;
  return name.startsWith('tsc') ? 1 : 0;
}

function run(check) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(check.cmd, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`${ok ? '✓' : '✘'} ${check.name} (${seconds} s)${text ? `\n${text}` : ''}`);
      resolve(ok);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

const queue = [...checks];
const results = [];
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
}
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
