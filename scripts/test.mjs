// `npm test`: every suite in the repository — unit and API tests (vitest), then the browser
// suite (Playwright with Debian's Chromium) once it has specs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vitest', 'run']);

const specs = existsSync('tests/e2e/specs')
  ? readdirSync('tests/e2e/specs').filter((f) => f.endsWith('.spec.ts'))
  : [];
if (specs.length > 0) {
  if (!existsSync('/usr/bin/chromium')) {
    console.error('The browser suite needs Debian chromium (apt-get install chromium); .ci/run installs it.');
    process.exit(1);
  }
  run('npm', ['run', 'build', '-w', '@parley/web']);
  run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts']);
}
