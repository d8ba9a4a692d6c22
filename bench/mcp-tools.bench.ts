// What Parley adds to an MCP tool call, and what MCP connections cost. In one process:
// 1. Added latency over stdio: the test suite's stdio MCP server runs twice as child processes;
//    one is called by the SDK's Client directly, the other through Parley (McpManager's supervised
//    connection, the McpToolSource tool, and the tool loop's runToolCall: argument parsing, the
//    server's JSON schema checked, time limit, result text). Calls alternate between the two so
//    drift hits both; the figure is the median of the paired differences. Goal ≤ 2 ms at p50.
// 2. Reconnect time: POST …/reinitialize's work (close the session, open a new one, handshake,
//    tool list) for the stdio server (a new child process) and a streamable-HTTP server on loopback.
// 3. Memory: 100 users each opening their own streamable-HTTP connection (a per-user server,
//    keyed by {{LIBRECHAT_USER_ID}}); heap growth per connection after a full GC (RSS moves with
//    the allocator's pages, not with what the connections hold, so it is not reported).
// Prints one JSON line.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import pino from 'pino';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { McpManager } from '../packages/server/src/services/mcp/mcp-manager.ts';
import { McpToolSource } from '../packages/server/src/services/mcp/mcp-tool-source.ts';
import { AddressPolicy } from '../packages/server/src/services/net/address-policy.ts';
import { GuardedHttpClient } from '../packages/server/src/services/net/guarded-http-client.ts';
import { ToolCredentialStore } from '../packages/server/src/services/tool-credentials/tool-credential-store.ts';
import { DEFAULT_AUTH_WAIT, runToolCall } from '../packages/server/src/services/tools/tool-call-runner.ts';
import { SignInWaits } from '../packages/server/src/services/tools/tool-sign-in.ts';
import { startHttpMcpServer } from '../packages/server/test/mcp/fixtures/http-mcp-server.ts';
import { round } from './support/sse-probe.ts';

const CALLS = Number(process.env.BENCH_RUNS ?? 400);
const RECONNECTS = Number(process.env.BENCH_RECONNECTS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const GOAL = { addedCallMsP50: 2 };
const STDIO_SERVER = fileURLToPath(
  new URL('../packages/server/test/mcp/fixtures/stdio-server.mjs', import.meta.url),
);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
// The heap is measured after a full collection; the flag is set here as the runner starts plain node.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const handle = await openDatabase({ dataDir: 'memory://' });
await handle.migrate();
const http = await startHttpMcpServer();
const manager = new McpManager({
  servers: {
    local: { type: 'stdio', command: process.execPath, args: [STDIO_SERVER] },
    remote: { type: 'streamable-http', url: http.url },
    mine: { type: 'streamable-http', url: http.url, headers: { 'X-Team': '{{LIBRECHAT_USER_ID}}' } },
  },
  logger: pino({ level: 'silent' }),
  credentials: new ToolCredentialStore(handle.db, 'a'.repeat(64)),
  findUser: async (id) => ({ id, email: `${id}@example.com`, username: id }),
  guard: new GuardedHttpClient({ policy: new AddressPolicy([]) }),
  userConnectionLimit: 20,
});
const direct = new Client({ name: 'bench', version: '1.0.0' });
try {
  // 1. Added latency of one call.
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [STDIO_SERVER] }));
  await manager.connectionFor('bench', 'local');
  const source = new McpToolSource(manager);
  const echo = (await source.toolsFor('bench')).find((t) => t.name === 'echo_mcp_local')!;
  const scope = {
    userId: 'bench',
    conversationId: 'bench',
    signal: new AbortController().signal,
    credentials: async () => ({}),
    authWait: DEFAULT_AUTH_WAIT,
    signIns: new SignInWaits(),
    needsAuth: () => undefined,
  };
  const viaDirect = async (text: string) => {
    const t0 = performance.now();
    const result = await direct.callTool({ name: 'echo', arguments: { text } });
    const ms = performance.now() - t0;
    if ((result.content as { text: string }[])[0]?.text !== text)
      throw new Error('direct call answered wrongly');
    return ms;
  };
  const viaParley = async (text: string) => {
    const t0 = performance.now();
    const outcome = await runToolCall(
      { id: randomUUID(), name: echo.name, args: JSON.stringify({ text }) },
      echo,
      scope,
    );
    const ms = performance.now() - t0;
    if (!('output' in outcome) || outcome.output !== text) throw new Error('Parley call answered wrongly');
    return ms;
  };
  for (let i = 0; i < 50; i++) await Promise.all([viaDirect(`warm ${i}`), viaParley(`warm ${i}`)]);
  const directMs: number[] = [];
  const parleyMs: number[] = [];
  const added: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const text = `call ${i}`;
    // Who goes first alternates, so neither side always meets a just-woken server.
    let d: number;
    let p: number;
    if (i % 2 === 0) {
      d = await viaDirect(text);
      p = await viaParley(text);
    } else {
      p = await viaParley(text);
      d = await viaDirect(text);
    }
    directMs.push(d);
    parleyMs.push(p);
    added.push(p - d);
  }

  // 2. Reconnect time (reinitialize) for the stdio and the streamable-HTTP server.
  const reconnectMs = async (server: string) => {
    const times: number[] = [];
    for (let i = 0; i < RECONNECTS; i++) {
      const connection = await manager.connectionFor('bench', server);
      const t0 = performance.now();
      await connection.restart();
      times.push(performance.now() - t0);
      if (connection.state !== 'connected') throw new Error(`${server} did not reconnect`);
    }
    return { p50: round(quantile(times, 0.5)), max: round(Math.max(...times)) };
  };
  const reconnect = { stdio: await reconnectMs('local'), streamableHttp: await reconnectMs('remote') };

  // 3. Memory of 100 users each holding a per-user streamable-HTTP connection.
  const ids = Array.from({ length: USERS }, () => randomUUID());
  gc();
  const before = process.memoryUsage();
  const sessionsBefore = http.sessions();
  // Listing tools above opened the bench user's own connection; only the new users' count.
  const heldBefore = manager.userConnectionCount();
  for (const id of ids) await manager.connectionFor(id, 'mine');
  gc();
  const after = process.memoryUsage();
  const held = manager.userConnectionCount() - heldBefore;
  const figures = {
    bench: 'mcp-tools',
    stdioCall: {
      calls: CALLS,
      directMs: { p50: round(quantile(directMs, 0.5)), p99: round(quantile(directMs, 0.99)) },
      parleyMs: { p50: round(quantile(parleyMs, 0.5)), p99: round(quantile(parleyMs, 0.99)) },
      addedMsP50: round(quantile(added, 0.5)),
    },
    goalAddedCallMsP50: GOAL.addedCallMsP50,
    reconnectMs: reconnect,
    perUserConnections: {
      users: USERS,
      held,
      sessionsOpened: http.sessions() - sessionsBefore,
      heapPerConnectionKiB: round((after.heapUsed - before.heapUsed) / held / 1024),
    },
    met: quantile(added, 0.5) <= GOAL.addedCallMsP50 && held === USERS,
  };
  console.log(JSON.stringify(figures));
  if (held !== USERS) process.exitCode = 1;
} finally {
  await direct.close().catch(() => undefined);
  await manager.close();
  await http.close();
  await handle.close();
}
