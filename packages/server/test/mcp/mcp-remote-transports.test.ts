// The SSE and WebSocket transports against real MCP servers on loopback that the test starts: a
// supervised connection connects with the configured headers, lists the tools, calls one, passes
// on the server's progress, comes back after the server drops the session, and fails clearly when
// the server is not there or the URL is wrong.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../src/config/yaml-sections/mcp-servers.ts';
import { McpConnection } from '../../src/services/mcp/mcp-connection.ts';
import { resultText } from '../../src/services/mcp/mcp-tool-source.ts';
import { createTransport } from '../../src/services/mcp/mcp-transport.ts';
import { freePort } from '../helpers/free-port.ts';
import {
  startSseMcpServer,
  startWebSocketMcpServer,
  type RemoteMcpServer,
} from './fixtures/remote-mcp-servers.ts';

const logger = pino({ level: 'silent' });

const TRANSPORTS = [
  { type: 'sse' as const, start: startSseMcpServer, scheme: 'http' },
  { type: 'websocket' as const, start: startWebSocketMcpServer, scheme: 'ws' },
];

describe.each(TRANSPORTS)('MCP over $type', ({ type, start, scheme }) => {
  let server: RemoteMcpServer;
  const open: McpConnection[] = [];
  beforeAll(async () => {
    server = await start();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.close());

  function connection(url: string, headers: Record<string, string> = {}) {
    const changes: (() => void)[] = [];
    const c = new McpConnection({
      serverName: type,
      transport: () => createTransport({ type, url, headers } as McpServerConfig),
      logger,
      supervise: true,
      backoff: { firstMs: 20, maxMs: 100 },
      initTimeoutMs: 3_000,
      callTimeoutMs: 3_000,
      onChange: () => changes.splice(0).forEach((f) => f()),
    });
    open.push(c);
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        const look = () => (check() ? resolve() : changes.push(look));
        look();
      });
    return { c, until };
  }

  it('connects with the configured headers, lists the tools and the instructions, and calls one', async () => {
    const { c } = connection(server.url, { 'X-Team': 'blue' });
    await c.connect();
    expect(c.state).toBe('connected');
    expect(c.tools.map((t) => t.name).sort()).toEqual(['echo', 'progress', 'whoami']);
    expect(c.instructions).toBe('Ask whoami.');
    expect(resultText(await c.callTool('echo', { text: 'über "quotes"' }))).toBe('über "quotes"');
    expect(resultText(await c.callTool('whoami', {}))).toBe('team=blue');
    expect(server.sessions().at(-1)).toBe('blue');
  });

  it('passes on each progress notification of a call', async () => {
    const { c } = connection(server.url);
    await c.connect();
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const result = await c.callTool(
      'progress',
      { steps: 3, pauseMs: 30 },
      { onProgress: (p) => seen.push(p) },
    );
    expect(resultText(result)).toBe('done in 3');
    expect(seen).toEqual([1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i}` })));
  });

  it('refuses arguments the server’s schema does not accept with a tool error', async () => {
    const { c } = connection(server.url);
    await c.connect();
    const result = await c.callTool('echo', { text: 42 });
    expect(result.isError).toBe(true);
  });

  it('reconnects after the server drops the session, and answers again', async () => {
    const { c, until } = connection(server.url);
    await c.connect();
    const before = server.sessions().length;
    await server.dropSessions();
    await until(() => c.state !== 'connected');
    await until(() => c.state === 'connected');
    expect(server.sessions().length).toBeGreaterThan(before);
    expect(resultText(await c.callTool('echo', { text: 'back' }))).toBe('back');
  });

  it('reports a server that is not listening, and one at the wrong path, as errors', async () => {
    const port = await freePort();
    const nobody = connection(`${scheme}://127.0.0.1:${port}/mcp`);
    await expect(nobody.c.connect()).rejects.toThrow(/could not be reached/);
    expect(nobody.c.state).toBe('error');
    const wrongPath = connection(server.url.replace(/\/(sse|mcp)$/, '/nothing-here'));
    await expect(wrongPath.c.connect()).rejects.toThrow(/could not be reached/);
  });
});
