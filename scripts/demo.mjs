// `npm run demo`: Parley with every feature turned on against the built-in simulator — web search,
// MCP, code execution, artifacts, image generation, speech, memories, file search with embeddings
// and OCR — offline, in one command. It starts the simulator, writes the demo's parley.yaml into
// its own data directory (./data-demo unless DATA_DIR says otherwise, so a real installation's
// ./data is never touched), starts the server as `npm start` does (building what is stale), creates
// the demo account on a fresh data directory and prints the address and the login.
//
// `--from-source` runs the server from its TypeScript sources (as `npm run dev`) instead of the
// compiled build: no build step, slower to start; the demo's test uses it.
import './require-supported-node.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_ACCOUNT, demoEnv, demoYaml } from './demo/demo-config.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const fromSource = process.argv.includes('--from-source');
const host = process.env.HOST ?? 'localhost';
const port = process.env.PORT ?? '3080';
const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, 'data-demo'));
const children = [];
let stopping = false;

/**
 * Stops every process this script started and exits once they have: the server finishes its
 * running answers and closes its database (it allows itself 10 s), so it is waited for.
 */
function stopAll(code) {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  const exited = running.map((child) => new Promise((done) => child.once('exit', done)));
  void Promise.all(exited).then(() => process.exit(code));
  setTimeout(() => process.exit(code), 15_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

/** Starts the simulator on a free loopback port and resolves its address once it listens. */
function startSimulator() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/llm-sim/src/cli.ts')], {
    cwd: ROOT,
    env: { ...process.env, SIM_PORT: '0', SIM_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolveUrl(url);
    });
    child.once('exit', (code) => reject(new Error(`the simulator stopped (exit code ${code})`)));
  });
}

function startServer(env) {
  const args = fromSource
    ? ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')]
    : ['--max-semi-space-size=4', join(ROOT, 'scripts/start.mjs')];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  child.once('exit', (code) => {
    if (stopping) return;
    console.error(`The Parley server stopped (exit code ${code}).`);
    stopAll(code ?? 1);
  });
}

/** Polls readiness: a first start may build the web app and the server first, which takes minutes. */
async function waitUntilReady(url) {
  for (;;) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Creates the demo administrator on a fresh data directory (the first-run setup's own request). */
async function ensureDemoAccount(url) {
  const status = await (await fetch(`${url}/api/setup`)).json();
  if (!status.required) return;
  const res = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...DEMO_ACCOUNT,
      confirm_password: DEMO_ACCOUNT.password,
      appTitle: 'Parley demo',
    }),
  });
  if (!res.ok) throw new Error(`creating the demo account failed: ${res.status} ${await res.text()}`);
}

try {
  const simUrl = await startSimulator();
  mkdirSync(dataDir, { recursive: true });
  const configPath = join(dataDir, 'parley.demo.yaml');
  writeFileSync(configPath, demoYaml(simUrl));
  startServer({
    LOG_LEVEL: 'warn',
    ...process.env,
    ...demoEnv(simUrl),
    HOST: host,
    PORT: port,
    DATA_DIR: dataDir,
    CONFIG_PATH: configPath,
    MALLOC_TRIM_THRESHOLD_: '1048576',
  });
  const url = `http://${host}:${port}`;
  await waitUntilReady(url);
  await ensureDemoAccount(url);
  console.log(`
Parley demo is ready: ${url}
  sign in with ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}
  every feature runs against the built-in simulator (${simUrl}); nothing leaves this machine.
  data: ${dataDir} (delete it to start over). Stop with Ctrl+C.
`);
} catch (error) {
  console.error(`The demo could not start: ${error instanceof Error ? error.message : error}`);
  stopAll(1);
}
