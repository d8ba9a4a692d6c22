// A standalone simulator server on its own port, for tests, benchmarks and `npm run sim`.
import type { AddressInfo } from 'node:net';
import { createDualProtocolServer } from './dual-protocol.ts';
import { createSimHandler } from './handler.ts';
import type { SimDefaults } from './pacing.ts';
import type { RequestObserver } from './serve.ts';
import type { SimStats } from './stats.ts';

export interface SimServer {
  /** e.g. `http://127.0.0.1:54321`; the OpenAI base URL is `${url}/v1`. */
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): SimStats;
}

export interface StartOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  defaults?: Partial<SimDefaults>;
  /**
   * Sees every generation and rerank request's method, URL, headers and parsed JSON body (tests
   * assert on it, e.g. which key a reranker was called with).
   */
  onRequest?: RequestObserver;
}

export async function startSimulator(options: StartOptions = {}): Promise<SimServer> {
  const host = options.host ?? '127.0.0.1';
  const handler = createSimHandler(options.defaults, options.onRequest);
  // HTTP/1.1 and h2c on the same port, so the AWS SDK's default HTTP/2 handler works too.
  const { server, closeAllConnections } = createDualProtocolServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    stats: handler.stats,
    close: async () => {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // Open streams would otherwise keep close() waiting until they finish; dropping them also
      // cancels their timers through the responses' 'close' events, which whenIdle() waits for.
      closeAllConnections();
      await closed;
      await handler.whenIdle();
    },
  };
}

/** A wildcard bind address is not something a client can connect to; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
