// `npm test`: every suite in the repository — unit and API tests (vitest), then the browser
// suite (Playwright with Debian's Chromium) once it has specs. The web app the browser suite
// serves is built while vitest runs: the build is mostly one core's work, which the API tests
// (much of their time spent waiting on servers and databases) leave free.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts the web build with its output kept, to print it after vitest's. */
function startWebBuild() {
  const output = [];
  const child = spawn('npm', ['run', 'build', '-w', '@parley/web'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.once('error', (error) => resolve({ ok: false, text: String(error) }));
    child.once('close', (code) => resolve({ ok: code === 0, text: Buffer.concat(output).toString() }));
  });
  return done;
}

const specs = existsSync('tests/e2e/specs')
  ? readdirSync('tests/e2e/specs').filter((f) => f.endsWith('.spec.ts'))
  : [];
if (specs.length > 0 && !existsSync('/usr/bin/chromium')) {
  console.error('The browser suite needs Debian chromium (apt-get install chromium); .ci/run installs it.');
  process.exit(1);
}
const webBuild = specs.length > 0 ? startWebBuild() : null;

run('npx', ['vitest', 'run']);

if (webBuild) {
  const built = await webBuild;
  process.stdout.write(built.text);
  if (!built.ok) {
    console.error('The web app did not build; the browser suite cannot run.');
    process.exit(1);
  }
  run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts']);
}
