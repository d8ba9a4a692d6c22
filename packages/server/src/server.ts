import { join } from 'node:path';
import { codeRunLimits, codeRunSchedule } from './services/code-execution/code-run-limits.ts';
import { CodeRunScheduler } from './services/code-execution/code-run-scheduler.ts';
import { CodeRunner } from './services/code-execution/code-runner.ts';
import { executeCodeTool } from './services/tools/execute-code-tool.ts';
import { fileSearchTool } from './services/tools/file-search-tool.ts';
import { builtInTools, ToolRegistry } from './services/tools/tool-registry.ts';
import { webSearchTools } from './services/web-search/web-search-tools.ts';
import { geminiImageTools } from './services/image-gen/gemini-image-tool.ts';
import { imageGenTools } from './services/image-gen/image-gen-tools.ts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createBus } from './bus/create-bus.ts';
import type { Bus } from './bus/bus.ts';
import type { AppConfig } from './config/app-config.ts';
import { startWarningsOf } from './services/admin/start-warnings.ts';
import { buildApp } from './app.ts';
import type { AppEngines } from './app-engines.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { createLogger } from './logger.ts';
import { RuntimeMetrics } from './metrics/runtime-metrics.ts';
import { AccessTokens } from './services/auth/access-token.ts';
import { banSettings } from './services/rate-limit/ban-settings.ts';
import { ViolationBans } from './services/rate-limit/violation-bans.ts';
import { SessionCheck } from './services/auth/session-check.ts';
import { offerBackups } from './services/backup/backup-on-request.ts';
import { createChatEngine } from './services/chat/chat-engine.ts';
import { ImageProxy } from './services/images/image-proxy.ts';
import { KeyStore } from './services/keys/key-store.ts';
import { createBlobStore } from './services/files/create-blob-store.ts';
import { embeddingsSettingsFromEnv } from './services/files/embeddings-settings.ts';
import { FileEmbeddings } from './services/files/file-embeddings.ts';
import { OcrEngine } from './services/files/ocr-engine.ts';
import { resolveOcrSettings } from './services/files/ocr-settings.ts';
import { seedRoles } from './services/roles/role-service.ts';
import { applyInstanceSettings } from './services/setup/instance-settings-config.ts';
import { readInstanceSettings } from './services/setup/instance-settings-store.ts';
import type { Database } from './db/client.ts';
import { SsoRegistry, type SocialEndpointOverrides } from './services/sso/sso-registry.ts';
import { createMcp } from './services/mcp/create-mcp.ts';
import type { McpManagerOptions } from './services/mcp/mcp-manager.ts';

export interface StartedServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** The chat engine and key store the routes share (tests add plan checks and answer hooks). */
  engines: AppEngines;
  url: string;
  /** Stops accepting, lets requests finish (at most `graceMs`), runs shutdown tasks, closes the database. */
  close(graceMs?: number): Promise<void>;
}

export interface StartServerOptions {
  config: AppConfig;
  logger?: Logger;
  /** Overrides config.env.DATA_DIR for the database location (tests use memory://). */
  databaseDir?: string;
  /**
   * With `databaseDir` memory://: the database starts as a copy of this cluster dump (tests start
   * from one already migrated). The migrations still run, as on every start.
   */
  memoryClusterDump?: Uint8Array;
  bus?: Bus;
  serveWeb?: boolean;
  port?: number;
  host?: string;
  /** Social sign-in endpoints replaced (tests point them at a local OAuth server). */
  socialEndpoints?: SocialEndpointOverrides;
  /** MCP settings replaced (tests shorten the restart backoff and the idle time). */
  mcp?: Partial<McpManagerOptions>;
}

/**
 * The settings the first-run page saved fill what parley.yaml and the environment leave unset. A key
 * that no longer decrypts (CREDS_KEY changed) is reported and left out rather than stopping the start.
 */
async function applySavedInstanceSettings(config: AppConfig, db: Database, logger: Logger): Promise<void> {
  try {
    applyInstanceSettings(config, await readInstanceSettings(db));
  } catch (err) {
    logger.error(
      { err },
      'the provider saved by the setup page could not be read (was CREDS_KEY changed?); left out',
    );
  }
}

/** Opens the database, applies migrations, seeds roles, builds the app and listens. */
export async function startServer(opts: StartServerOptions): Promise<StartedServer> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.env.LOG_LEVEL);
  for (const warning of startWarningsOf(config)) {
    if (warning.section) logger.warn({ section: warning.section }, warning.message);
    else logger.warn(warning.message);
  }
  // Built first: a bad sign-in setting (e.g. a plain-http issuer) stops the start before any I/O.
  const sso = new SsoRegistry(config, logger, opts.socialEndpoints);
  const metrics = config.env.PARLEY_METRICS ? new RuntimeMetrics() : undefined;
  // Before the database: an S3 bucket that is missing or refuses the keys stops the start with why.
  const blobStore = await createBlobStore(config.env);
  // A half-written EMBEDDINGS_* setting stops the start here, before the database opens.
  const embeddingsSettings = embeddingsSettingsFromEnv(config.env);
  // A missing language package stops the start here, before the database opens.
  const ocrSettings = resolveOcrSettings(config.yaml.ocr);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: opts.databaseDir ?? config.env.DATA_DIR,
    onStatement: metrics && ((sql) => metrics.countStatement(sql)),
    memoryClusterDump: opts.memoryClusterDump,
  });
  metrics?.instrument(database.db);
  if (database.memory) metrics?.measureDatabase(database.memory);
  await database.migrate();
  await seedRoles(database.db);
  await applySavedInstanceSettings(config, database.db, logger);
  const fileEmbeddings =
    embeddingsSettings &&
    (await FileEmbeddings.start(database.db, database.kind, embeddingsSettings, logger));
  const bus = opts.bus ?? (await createBus(config.env.REDIS_URL));
  sso.useBus(bus);
  // Pyodide's start-up snapshot is kept beside the server's other data (see PythonSnapshot).
  const codeRunner = new CodeRunner(codeRunLimits(config.env), true, join(config.env.DATA_DIR, 'code-run'));
  const codeRunScheduler = new CodeRunScheduler(codeRunSchedule(config.env));
  const base: Omit<AppContext, 'mcp'> = {
    config,
    db: database.db,
    dbKind: database.kind,
    bus,
    logger,
    sessionCheck: new SessionCheck(database.db),
    bans: new ViolationBans(bus, banSettings(config.env)),
    blobStore,
    fileEmbeddings,
    ...(ocrSettings && { ocr: new OcrEngine(ocrSettings) }),
    accessTokens: new AccessTokens(config.secrets.jwtSecret, Math.floor(config.env.SESSION_EXPIRY / 1000)),
    shutdownTasks: [],
    metrics,
    sso,
    // prom-client loads only when /metrics is turned on.
    prometheus: config.env.METRICS_TOKEN
      ? new (await import('./metrics/prometheus-metrics.ts')).PrometheusMetrics()
      : undefined,
    tools: new ToolRegistry([
      ...builtInTools,
      fileSearchTool(database.db, fileEmbeddings),
      executeCodeTool({ runner: codeRunner, scheduler: codeRunScheduler, db: database.db, blobStore }),
      ...webSearchTools(config),
      ...imageGenTools(config, database.db, blobStore),
      ...geminiImageTools(config, database.db, blobStore),
    ]),
    codeRunner,
    codeRunScheduler,
  };
  const ctx: AppContext = { ...base, mcp: createMcp(base, opts.mcp) };
  ctx.shutdownTasks.push(async () => codeRunner.close());
  ctx.shutdownTasks.push(async () => blobStore.close?.());
  await ctx.sso.warmUp();
  const stopBackups = await offerBackups(database, opts.databaseDir ?? config.env.DATA_DIR, logger);
  if (stopBackups) ctx.shutdownTasks.push(stopBackups);
  const keys = new KeyStore(database.db, config.secrets.credsKey);
  const chat = await createChatEngine(ctx, keys);
  const engines: AppEngines = { chat, keys, images: new ImageProxy({ http: chat.userHttp }) };
  const app = await buildApp(ctx, engines, { serveWeb: opts.serveWeb });
  startJobs(ctx);
  const address = await app.listen({
    port: opts.port ?? config.env.PORT,
    host: opts.host ?? config.env.HOST,
  });
  let closing: Promise<void> | null = null;
  const close = (graceMs = 10_000) =>
    (closing ??= (async () => {
      const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
      for (const task of ctx.shutdownTasks) {
        await task().catch((err: unknown) => logger.error({ err }, 'shutdown task failed'));
      }
      await ctx.bus.close();
      await database.close();
    })());
  return { app, ctx, engines, url: address.replace('[::1]', 'localhost'), close };
}
