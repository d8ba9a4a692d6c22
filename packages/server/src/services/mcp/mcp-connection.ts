import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionState } from '@parley/schema';
import type { Logger } from 'pino';
import { childProcesses } from './child-processes.ts';
import { isUnauthorizedError, loadMcpSdk } from './mcp-sdk.ts';

export type { McpToolInfo };

/** How long the connection and the MCP handshake may take when the server sets no initTimeout. */
export const DEFAULT_INIT_TIMEOUT_MS = 30_000;
/** How long one tool call may take when the server sets no timeout. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** Lines of a stdio server's stderr kept to explain a failure; a flood is cut to these. */
const STDERR_LINES_KEPT = 20;
const STDERR_LINE_CHARS = 500;

/** Waits between restarts of a supervised connection: doubling from `firstMs`, never over `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 60_000 };

export interface McpConnectionOptions {
  serverName: string;
  /**
   * Builds a fresh transport for each attempt (a transport cannot be started twice); it may load
   * the transport's code first (see mcp-sdk.ts).
   */
  transport: () => Transport | Promise<Transport>;
  logger: Logger;
  initTimeoutMs?: number;
  callTimeoutMs?: number;
  /**
   * Restart after a failure or an unexpected close, with backoff (app-level connections, which
   * every user shares). A per-user connection is reopened on its next use instead.
   */
  supervise?: boolean;
  backoff?: Backoff;
  /** Told whenever the state or the tool list changes. */
  onChange?: () => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/**
 * One MCP client session with one server (shared by all users, or one user's own): connects with
 * the SDK's Client, keeps the server's tool list (refreshed when the server announces
 * `notifications/tools/list_changed`), and reports its state. A stdio server is the child process
 * of this connection: closing the connection ends it, and a supervised one is restarted after it
 * crashes.
 */
export class McpConnection {
  state: McpConnectionState = 'disconnected';
  /** Why the last attempt failed, in words for the operator and the user. */
  lastError: string | null = null;
  /** The server answered 401: a user must sign in (OAuth) before it can connect. */
  oauthRequired = false;
  tools: McpToolInfo[] = [];
  instructions: string | undefined;
  private client: Client | null = null;
  private opening: Promise<void> | null = null;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private readonly stderr: string[] = [];

  constructor(private readonly options: McpConnectionOptions) {}

  get serverName(): string {
    return this.options.serverName;
  }

  /** Connects unless connected; concurrent callers share one attempt. Rejects when it fails. */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`The connection to ${this.serverName} is closed`));
    if (this.state === 'connected' && this.client) return Promise.resolve();
    this.opening ??= this.open().finally(() => (this.opening = null));
    return this.opening;
  }

  /** Calls one of the server's tools; a tool's own error (isError) is thrown as an Error. */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<CallToolResult> {
    await this.connect();
    const client = this.client!;
    try {
      return (await client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: options.timeoutMs ?? this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        // A server that reports progress is still working: each report restarts the clock.
        resetTimeoutOnProgress: Boolean(options.onProgress),
        ...(options.onProgress ? { onprogress: options.onProgress } : {}),
      })) as CallToolResult;
    } catch (error) {
      if (isUnauthorizedError(error)) await this.signedOut(client);
      throw error;
    }
  }

  /**
   * The server refused the token mid-session and it could not be refreshed: the session is of no
   * use until the user signs in again, so it is closed and the state says a sign-in is needed.
   */
  private async signedOut(client: Client): Promise<void> {
    if (client !== this.client) return;
    this.client = null;
    this.oauthRequired = true;
    this.lastError = `${this.serverName} requires sign-in (OAuth)`;
    client.onclose = undefined;
    this.setState('disconnected');
    await client.close().catch(() => undefined);
  }

  /** Closes for good: no restart; a stdio server's process is ended. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.setState('disconnected');
    await client?.close().catch(() => undefined);
  }

  /** Closes the session and connects again now (POST …/reinitialize); a closed connection stays closed. */
  async restart(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.failures = 0;
    const client = this.client;
    this.client = null;
    await client?.close().catch(() => undefined);
    this.setState('disconnected');
    await this.connect();
  }

  private async open(): Promise<void> {
    this.setState('connecting');
    const { Client, SseError, StdioClientTransport } = await loadMcpSdk();
    const transport = await this.options.transport();
    const stdio = transport instanceof StdioClientTransport ? transport : null;
    if (stdio) this.watchStderr(stdio);
    const client = new Client(
      { name: 'parley', version: '1.0.0' },
      {
        capabilities: {},
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (error || !tools || client !== this.client) return;
              this.tools = tools;
              this.options.onChange?.();
            },
          },
        },
      },
    );
    client.onclose = () => this.lost(client);
    client.onerror = (error) => {
      this.options.logger.debug({ server: this.serverName, err: error }, 'MCP transport error');
      // An SSE session lives as long as its event stream: once the stream broke (the server
      // restarted, the link dropped) the server has forgotten the session and answers its posts
      // with 404, so the connection is treated as lost and a new session is opened.
      if (error instanceof SseError && client === this.client) void client.close();
    };
    try {
      await client.connect(transport, { timeout: this.options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS });
      const pid = stdio?.pid;
      if (pid) childProcesses.add(pid);
      if (pid) client.onclose = () => (childProcesses.delete(pid), this.lost(client));
      this.tools = await listAllTools(client, this.options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS);
      this.instructions = client.getInstructions();
    } catch (error) {
      client.onclose = undefined;
      await client.close().catch(() => undefined);
      this.failed(error);
      throw new Error(this.lastError ?? 'connection failed', { cause: error });
    }
    if (this.closed) {
      await client.close().catch(() => undefined);
      throw new Error(`The connection to ${this.serverName} is closed`);
    }
    this.client = client;
    this.failures = 0;
    this.lastError = null;
    this.oauthRequired = false;
    this.setState('connected');
    this.options.logger.info({ server: this.serverName, tools: this.tools.length }, 'MCP server connected');
  }

  /** The session ended without close(): a crash, a dropped socket, a killed process. */
  private lost(client: Client): void {
    if (client !== this.client || this.closed) return;
    this.client = null;
    this.lastError = `${this.serverName} closed the connection${this.stderrTail()}`;
    this.options.logger.warn({ server: this.serverName }, this.lastError);
    this.setState(this.options.supervise ? 'error' : 'disconnected');
    this.scheduleRetry();
  }

  private failed(error: unknown): void {
    if (isUnauthorizedError(error)) {
      this.oauthRequired = true;
      this.lastError = `${this.serverName} requires sign-in (OAuth)`;
      this.setState('disconnected');
      return;
    }
    this.failures++;
    const reason = error instanceof Error ? error.message : String(error);
    this.lastError = `${this.serverName} could not be reached: ${reason}${this.stderrTail()}`;
    this.options.logger.warn({ server: this.serverName, attempt: this.failures }, this.lastError);
    this.setState('error');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (!this.options.supervise || this.closed || this.retry) return;
    const { firstMs, maxMs } = this.options.backoff ?? DEFAULT_BACKOFF;
    const delay = Math.min(maxMs, firstMs * 2 ** Math.max(0, this.failures - 1));
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => undefined);
    }, delay);
    this.retry.unref();
  }

  private setState(state: McpConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onChange?.();
  }

  /** Keeps the last lines a stdio server wrote to stderr, bounded, to explain why it failed. */
  private watchStderr(transport: StdioClientTransport): void {
    this.stderr.length = 0;
    transport.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        this.stderr.push(line.slice(0, STDERR_LINE_CHARS));
        if (this.stderr.length > STDERR_LINES_KEPT) this.stderr.shift();
      }
    });
  }

  private stderrTail(): string {
    const last = this.stderr.at(-1);
    return last ? ` (its last output: ${last})` : '';
  }
}

/** Every tool of the server, page after page. */
async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
