// `npm start`: build the web app and the server when they are missing or older than their
// sources, then run the compiled server in this process (it applies migrations and serves
// http://localhost:3080 on the embedded database). One process, so a signal sent to the process
// npm started reaches the server itself, and no second Node.js holds memory.
import './require-supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerIfStale } from './server-build.mjs';

const WEB = 'packages/web';
const DIST_INDEX = join(WEB, 'dist/index.html');

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

if (webIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@parley/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await buildServerIfStale();
await import('./run-server.mjs');
