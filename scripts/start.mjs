// `npm start`: build the web app and the server when they are missing or older than their
// sources, then run the compiled server in this process (it applies migrations and serves
// http://localhost:3080 on the embedded database). One process, so a signal sent to the process
// npm started reaches the server itself, and no second Node.js holds memory.
//
// A first start is kept short: the web app and the server build at the same time, and the
// compressed copies of the web app's files (brotli at its best quality takes longer than the build
// itself) are written by a background process once the server listens; until a file's copies exist
// it is served as it is.
import './require-supported-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerIfStale } from './server-build.mjs';

const WEB = 'packages/web';
const DIST_INDEX = join(WEB, 'dist/index.html');
const PRECOMPRESS = join(WEB, 'scripts/precompress.mjs');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function webIsStale() {
  if (!existsSync(join(WEB, 'package.json')) || !existsSync(join(WEB, 'index.html'))) return false;
  if (!existsSync(DIST_INDEX)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public']
    .map((p) => join(WEB, p))
    .filter((p) => existsSync(p));
  const schema = 'packages/schema/src';
  const newest = Math.max(...sources.map(newestMtime), existsSync(schema) ? newestMtime(schema) : 0);
  return newest > statSync(DIST_INDEX).mtimeMs;
}

/** Runs `npm run <script> -w @parley/web`, resolving when it succeeded. */
function webScript(script) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script, '-w', '@parley/web'], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build exited ${code}`))));
  });
}

async function buildWhatIsStale() {
  const web = webIsStale();
  if (web) console.log('Building the web app…');
  // Both at once: the web build spends much of its time waiting on one core, esbuild on the other.
  const results = await Promise.allSettled([web ? webScript('build:bundles') : null, buildServerIfStale()]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
    process.exit(1);
  }
}

/**
 * Writes the web app's missing .br/.gz copies in a background process at low priority, so serving
 * never waits for them; it ends with the server. Nothing to do (the usual restart) costs one short
 * process that finds every copy in place.
 */
function precompressInBackground() {
  if (!existsSync(PRECOMPRESS) || !existsSync(DIST_INDEX)) return;
  const child = spawn('nice', ['-n', '10', process.execPath, PRECOMPRESS], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('error', () => {
    // Without `nice` on this system: the same work at normal priority.
    spawn(process.execPath, [PRECOMPRESS], { stdio: ['ignore', 'inherit', 'inherit'] }).unref();
  });
  child.unref();
  process.once('exit', () => child.kill());
}

await buildWhatIsStale();
await import('./run-server.mjs');
precompressInBackground();
