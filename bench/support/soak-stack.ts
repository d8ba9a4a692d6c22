// The soak's scaled-out set-up: a throwaway PostgreSQL cluster (.ci/start-postgres.sh), a
// redis-server, the simulator and two Parley instances on them, each on a fixed loopback port so
// that an instance killed and restarted (as a supervisor would) is found again at its address.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTestRedis, type TestRedis } from '../../packages/server/test/helpers/redis-server.ts';
import {
  BENCH_SERVER_ENV,
  startSimulator,
  writeEndpointConfig,
  type Pacing,
  type Simulator,
} from './parley-stack.ts';
import { freePort, spawnNode, waitForHttp, type NodeProcess } from './processes.ts';
import { SAVED_MESSAGES_SQL, type SavedMessage } from './soak-ledger.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const MAIN = join(ROOT, 'packages/server/src/main.ts');

export interface Instance {
  url: string;
  process(): NodeProcess;
  /** SIGKILL, then start again on the same port and wait until it answers (a supervisor's restart). */
  killAndRestart(): Promise<{ downMs: number }>;
  stop(): Promise<void>;
}

export interface ScaledStack {
  simulator: Simulator;
  instances: Instance[];
  /** redis-server stopped and started again on the same port. */
  restartRedis(): Promise<void>;
  savedMessages(emailPrefix: string): Promise<SavedMessage[]>;
  stop(): Promise<void>;
}

export async function startScaledStack(
  pacing: Pacing,
  env: Record<string, string>,
  count = 2,
): Promise<ScaledStack> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-soak-'));
  const pgDir = join(dir, 'pg');
  execFileSync('mkdir', [pgDir]);
  // The cluster runs as the postgres user when we are root: it must be able to reach its directory.
  chmodSync(dir, 0o755);
  const databaseUrl = execFileSync('bash', [join(ROOT, '.ci/start-postgres.sh')], {
    env: { ...process.env, PG_TEST_DIR: pgDir },
    encoding: 'utf8',
  }).trim();
  const redisPort = await freePort();
  let redis: TestRedis = await startTestRedis(redisPort);
  const simulator = await startSimulator(pacing);
  const configPath = writeEndpointConfig(dir, simulator);
  const shared = {
    ...BENCH_SERVER_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    CONFIG_PATH: configPath,
    JWT_SECRET: 'soak-jwt-secret-0123456789abcdef0123',
    JWT_REFRESH_SECRET: 'soak-refresh-secret-0123456789abcdef',
    CREDS_KEY: 'ab'.repeat(32),
    ...env,
  };
  const instances: Instance[] = [];
  // One after the other: the first applies the migrations.
  for (let i = 0; i < count; i++) instances.push(await startInstance(join(dir, `data-${i}`), shared));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    simulator,
    instances,
    restartRedis: async () => {
      await redis.stop();
      redis = await startTestRedis(redisPort);
    },
    savedMessages: async (emailPrefix) =>
      (await client.query<SavedMessage>(SAVED_MESSAGES_SQL, [`${emailPrefix}%`])).rows,
    stop: async () => {
      await client.end();
      await Promise.all(instances.map((i) => i.stop()));
      await simulator.sim.stop();
      await redis.stop();
      const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], {
        encoding: 'utf8',
      }).trim();
      // As start-postgres.sh started it: as the postgres user when we are root.
      const pgCtl =
        process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', `${bin}/pg_ctl`] : [`${bin}/pg_ctl`];
      execFileSync(pgCtl[0]!, [...pgCtl.slice(1), '-D', join(pgDir, 'data'), '-m', 'immediate', 'stop'], {
        stdio: 'ignore',
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startInstance(dataDir: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const proc = spawnNode(MAIN, { ...env, PORT: String(port), DATA_DIR: dataDir });
    await waitForHttp(`${url}/health`, proc, 180_000);
    return proc;
  };
  let current = await launch();
  return {
    url,
    process: () => current,
    killAndRestart: async () => {
      const down = Date.now();
      current.child.kill('SIGKILL');
      await current.exited;
      current = await launch();
      return { downMs: Date.now() - down };
    },
    stop: () => current.stop(),
  };
}
