import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAppConfig } from '../../src/config/app-config.ts';
import { parseEnv } from '../../src/config/env.ts';
import { parseParleyYaml } from '../../src/config/load-config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { startServer, type StartedServer } from '../../src/server.ts';
import type { SocialEndpointOverrides } from '../../src/services/sso/sso-registry.ts';
import type { McpManagerOptions } from '../../src/services/mcp/mcp-manager.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestServer extends StartedServer {
  dataDir: string;
  /** fetch against the server: `api('/api/config')`. */
  api(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  stop(): Promise<void>;
  /**
   * Opens the server's database again, e.g. after `close()` to check what a restart would find
   * (needs `diskDatabase` on PGlite).
   */
  reopenDatabase(): Promise<DatabaseHandle>;
}

/** Requests to a running server as a browser or script makes them; what suites call through `api`. */
export type ApiClient = Pick<TestServer, 'api'>;

/** `api` for a server at `baseUrl`: JSON bodies and a bearer token in one call. */
export function apiClient(baseUrl: string): TestServer['api'] {
  return (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set('content-type', 'application/json');
    if (token) h.set('authorization', `Bearer ${token}`);
    return fetch(baseUrl + path, {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
}

/** Relaxed limits so suites can register and log in freely; a test may override them. */
const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  LOGIN_MAX: '1000',
  REGISTER_MAX: '1000',
  RESET_PASSWORD_MAX: '1000',
  VERIFY_EMAIL_MAX: '1000',
  TWO_FACTOR_MAX: '1000',
  // Most suites exercise the reset flow without e-mail, where it is off by default.
  ALLOW_PASSWORD_RESET: 'true',
};

/**
 * Starts the real server on an ephemeral port with a fresh data directory and database
 * (in-memory PGlite, or a throwaway PostgreSQL database when TEST_DATABASE_URL is set), which
 * starts as a copy of the run's migrated database (see test-database.ts).
 */
export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    yaml?: string;
    serveWeb?: boolean;
    /** PGlite on disk in the data directory instead of in memory, so it survives close(). */
    diskDatabase?: boolean;
    /**
     * A database with nothing in it, as at a new installation's first start, instead of a copy of
     * the run's migrated one: the start must apply every migration itself.
     */
    emptyDatabase?: boolean;
    /** Social sign-in endpoints pointed at a local OAuth server. */
    socialEndpoints?: SocialEndpointOverrides;
    /** MCP settings replaced (a short restart backoff, a small per-user limit). */
    mcp?: Partial<McpManagerOptions>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-'));
  const database = await createTestDatabase({ empty: opts.emptyDatabase });
  const source = {
    ...TEST_ENV,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...opts.env,
  };
  const env = parseEnv(source);
  const yaml = opts.yaml ? parseParleyYaml(opts.yaml, source) : { config: {}, unimplementedSections: [] };
  const config = buildAppConfig(env, { ...yaml, path: null });
  const server = await startServer({
    config,
    databaseDir: database.databaseUrl || opts.diskDatabase ? undefined : 'memory://',
    memoryClusterDump: database.memoryClusterDump,
    serveWeb: opts.serveWeb ?? false,
    port: env.PORT,
    socialEndpoints: opts.socialEndpoints,
    mcp: opts.mcp,
    host: '127.0.0.1',
  });
  const api = apiClient(server.url);
  return {
    ...server,
    dataDir,
    api,
    reopenDatabase: () => openDatabase({ databaseUrl: database.databaseUrl, dataDir }),
    stop: async () => {
      await server.close(1000);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
