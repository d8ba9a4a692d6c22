// The benchmark set-up: the simulator and Parley as two separate processes (the simulator is not
// the in-process Demo), Parley on embedded PGlite with a custom endpoint pointing at the
// simulator, metrics on, and one signed-in user.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  pinnedCores,
  spawnNode,
  waitForHttp,
  type NodeProcess,
  type ThreadCpu,
} from './processes.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * The Node.js flags `npm start` runs the server with (its young-generation size, which trades
 * idle memory for collections), so the figures are those of the server as operators run it.
 */
function productionNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) scripts\/start\.mjs/.exec(scripts.start)?.[1];
  return flags?.trim().split(' ').filter(Boolean) ?? [];
}

export interface Pacing {
  tokensPerSecond: number;
  firstTokenDelayMs: number;
}

export interface ParleyStack {
  sim: NodeProcess;
  server: NodeProcess;
  simUrl: string;
  parleyUrl: string;
  /** The server's DATA_DIR (its embedded database is in db/). */
  dataDir: string;
  token: string;
  /** The x-sim-* headers that give the simulator this pacing (the endpoint sends the same). */
  pacingHeaders: Record<string, string>;
  metrics(reset?: boolean): Promise<ServerMetrics>;
  stop(): Promise<void>;
}

export interface ServerMetrics {
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** The event loop's own CPU time per 10 ms sample: its work in a stall, not other threads' (Linux). */
  eventLoopStallCpuMs: { p50: number; p99: number; max: number } | null;
  memory: { rssBytes: number; heapUsedBytes: number };
  queries: Record<'statements' | 'reads' | 'writes' | 'writeOperations' | 'transactions', number>;
}

export const ENDPOINT = 'Sim';

export interface StackOptions {
  /** The server's entry script (default: the server's own main.ts). */
  entry?: string;
  /** The simulator models the endpoint offers (default: echo). */
  models?: string[];
  /** More server environment (e.g. relaxed limits). */
  env?: Record<string, string>;
}

export interface Simulator {
  sim: NodeProcess;
  simUrl: string;
  pacingHeaders: Record<string, string>;
}

/** The simulator as its own process, answering with `pacing`. */
export async function startSimulator(pacing: Pacing): Promise<Simulator> {
  const simPort = await freePort();
  const sim = spawnNode(
    join(ROOT, 'packages/llm-sim/src/cli.ts'),
    { SIM_PORT: String(simPort) },
    [],
    [],
    pinnedCores('traffic'),
  );
  const simUrl = `http://127.0.0.1:${simPort}`;
  await waitForHttp(`${simUrl}/v1/models`, sim);
  const pacingHeaders = {
    'x-sim-tokens-per-second': String(pacing.tokensPerSecond),
    'x-sim-first-token-delay-ms': String(pacing.firstTokenDelayMs),
  };
  return { sim, simUrl, pacingHeaders };
}

/** Writes dir/parley.yaml: one custom endpoint pointing at the simulator; answers its path. */
export function writeEndpointConfig(dir: string, simulator: Simulator, models = ['echo']): string {
  const path = join(dir, 'parley.yaml');
  writeFileSync(
    path,
    [
      'version: 1.2.8',
      'endpoints:',
      '  custom:',
      `    - name: ${ENDPOINT}`,
      '      apiKey: sk-bench',
      `      baseURL: ${simulator.simUrl}/v1`,
      '      models:',
      `        default: [${models.join(', ')}]`,
      '      headers:',
      ...Object.entries(simulator.pacingHeaders).map(([k, v]) => `        ${k}: '${v}'`),
      '      titleConvo: false',
      '',
    ].join('\n'),
  );
  return path;
}

/** The server's environment in a benchmark: quiet, metrics on, sign-up limits out of the way. */
export const BENCH_SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PARLEY_METRICS: 'true',
  REGISTER_MAX: '1000',
  LOGIN_MAX: '1000',
};

export async function startParleyStack(pacing: Pacing, options: StackOptions = {}): Promise<ParleyStack> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const simulator = await startSimulator(pacing);
  const { sim, simUrl, pacingHeaders } = simulator;
  const configPath = writeEndpointConfig(dir, simulator, options.models);
  const port = await freePort();
  const server = spawnNode(
    options.entry ?? join(ROOT, 'packages/server/src/main.ts'),
    {
      ...BENCH_SERVER_ENV,
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      CONFIG_PATH: configPath,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    [],
    // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' shows where the server's time
    // goes; a flag given there overrides the production one (V8 takes the last).
    [...productionNodeFlags(), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    pinnedCores('server'),
  );
  const parleyUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${parleyUrl}/health`, server);
  const token = await signUp(parleyUrl);
  return {
    sim,
    server,
    simUrl,
    parleyUrl,
    dataDir: join(dir, 'data'),
    token,
    pacingHeaders,
    metrics: async (reset = false) =>
      (await (
        await fetch(`${parleyUrl}/api/debug/metrics${reset ? '?reset=true' : ''}`)
      ).json()) as ServerMetrics,
    stop: async () => {
      await server.stop();
      await sim.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signUp(url: string): Promise<string> {
  const account = { name: 'Bench User', email: 'bench@example.com', password: 'bench password 1' };
  const post = (path: string, json: unknown) =>
    fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  const registered = await post('/api/auth/register', { ...account, confirm_password: account.password });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await post('/api/auth/login', { email: account.email, password: account.password });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** CPU milliseconds each process used while `work` ran (the load generator reports its own). */
export async function measureCpu<T>(
  stack: ParleyStack,
  work: () => Promise<T>,
): Promise<{
  result: T;
  serverCpuMs: number;
  /** serverCpuMs split: the event loop's thread, and the others (the embedded database's above all). */
  serverThreadCpuMs: ThreadCpu;
  simCpuMs: number;
  wallMs: number;
}> {
  const [server0, threads0, sim0, t0] = [
    stack.server.cpuMs(),
    stack.server.threadCpuMs(),
    stack.sim.cpuMs(),
    Date.now(),
  ];
  const result = await work();
  const threads = stack.server.threadCpuMs();
  return {
    result,
    serverCpuMs: stack.server.cpuMs() - server0,
    serverThreadCpuMs: { main: threads.main - threads0.main, others: threads.others - threads0.others },
    simCpuMs: stack.sim.cpuMs() - sim0,
    wallMs: Date.now() - t0,
  };
}
