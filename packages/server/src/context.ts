import type { Logger } from 'pino';
import type { Bus } from './bus/bus.ts';
import type { AppConfig } from './config/app-config.ts';
import type { Database } from './db/client.ts';
import type { PrometheusMetrics } from './metrics/prometheus-metrics.ts';
import type { BlobStore } from './services/files/blob-store.ts';
import type { FileEmbeddings } from './services/files/file-embeddings.ts';
import type { OcrEngine } from './services/files/ocr-engine.ts';
import type { RuntimeMetrics } from './metrics/runtime-metrics.ts';
import type { AccessTokens } from './services/auth/access-token.ts';
import type { SessionCheck } from './services/auth/session-check.ts';
import type { ViolationBans } from './services/rate-limit/violation-bans.ts';
import type { SsoRegistry } from './services/sso/sso-registry.ts';
import type { CodeRunScheduler } from './services/code-execution/code-run-scheduler.ts';
import type { CodeRunner } from './services/code-execution/code-runner.ts';
import type { ToolRegistry } from './services/tools/tool-registry.ts';
import type { McpManager } from './services/mcp/mcp-manager.ts';

/** What every route and service may depend on; built once in server.ts. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  bus: Bus;
  logger: Logger;
  accessTokens: AccessTokens;
  /** Refuses access tokens whose user or sign-in is no longer valid. */
  sessionCheck: SessionCheck;
  /** Where uploaded files' bytes live (DATA_DIR/files, or an S3 bucket). */
  blobStore: BlobStore;
  /**
   * File search's vectors: present when EMBEDDINGS_URL names a provider and the database has
   * pgvector; absent, file search is full-text only.
   */
  fileEmbeddings?: FileEmbeddings;
  /** Reads text out of pictures and scanned PDF pages: present when parley.yaml has `ocr`. */
  ocr?: OcrEngine;
  /** Temporary bans for repeated violations, shared through the Bus. */
  bans: ViolationBans;
  /** External sign-in methods (OpenID Connect, social, SAML) configured for this instance. */
  sso: SsoRegistry;
  /** The tools agents can call (built-in tools, and MCP servers' tools per user). */
  tools: ToolRegistry;
  /** The code engines behind execute_code and the Run button. */
  codeRunner: CodeRunner;
  /** Who gets the code runner's slots: a fair share per user, a short queue, a rate limit. */
  codeRunScheduler: CodeRunScheduler;
  /** Connections to parley.yaml's MCP servers, shared and per user. */
  mcp: McpManager;
  /**
   * Work to finish before the database closes on shutdown (e.g. saving running generations as
   * unfinished). Each runs once, in registration order.
   */
  shutdownTasks: (() => Promise<void>)[];
  /** Benchmark figures, only with PARLEY_METRICS=true. */
  metrics?: RuntimeMetrics;
  /** The Prometheus metrics of `GET /metrics`, only when METRICS_TOKEN is set. */
  prometheus?: PrometheusMetrics;
}

export interface AuthUser {
  id: string;
  role: string;
  /** Refresh-session family of the access token, when it has one. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that require a signed-in user. */
    user: AuthUser | null;
  }
}
