import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { childProcesses } from './child-processes.ts';
import { McpConnection } from './mcp-connection.ts';
import { createTransport } from './mcp-transport.ts';
import { resultText } from './mcp-tool-source.ts';

const STDIO_SERVER = fileURLToPath(new URL('../../../test/mcp/fixtures/stdio-server.mjs', import.meta.url));
const logger = pino({ level: 'silent' });

/** Resolves when `check` holds, re-checked whenever the connection reports a change. */
function until(connection: { changed: (() => void) | null }, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    connection.changed = () => {
      if (check()) resolve();
    };
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('McpConnection over stdio (a real SDK server as a child process)', () => {
  const open: McpConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  function connection(
    env: Record<string, string> = {},
    extra: Partial<ConstructorParameters<typeof McpConnection>[0]> = {},
  ) {
    const hook = { changed: null as (() => void) | null };
    const pids: number[] = [];
    const c = new McpConnection({
      serverName: 'local',
      transport: () => {
        const t = createTransport({ type: 'stdio', command: process.execPath, args: [STDIO_SERVER], env });
        const start = t.start.bind(t);
        t.start = async () => {
          await start();
          pids.push((t as unknown as { pid: number }).pid);
        };
        return t;
      },
      logger,
      supervise: true,
      backoff: { firstMs: 10, maxMs: 50 },
      callTimeoutMs: 2_000,
      onChange: () => hook.changed?.(),
      ...extra,
    });
    open.push(c);
    return { c, hook, pids };
  }

  it('connects, lists the tools and the instructions, and calls a tool', async () => {
    const { c } = connection({ MCP_USER: 'ann' });
    await c.connect();
    expect(c.state).toBe('connected');
    expect(c.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'add', 'whoami', 'crash', 'hang', 'garbage', 'grow']),
    );
    expect(c.instructions).toBe('Use echo to repeat text.');
    expect(resultText(await c.callTool('add', { a: 2, b: 40 }))).toBe('42');
    expect(resultText(await c.callTool('whoami', {}))).toBe('ann');
  });

  it('refreshes its tool list when the server announces a change', async () => {
    const { c, hook } = connection();
    await c.connect();
    expect(resultText(await c.callTool('grow', {}))).toBe('extra1');
    await until(hook, () => c.tools.some((t) => t.name === 'extra1'));
  });

  it('restarts a crashed server with backoff and answers again', async () => {
    const { c, hook, pids } = connection();
    await c.connect();
    await expect(c.callTool('crash', {})).rejects.toThrow();
    await until(hook, () => c.state === 'connected' && pids.length === 2);
    expect(isAlive(pids[0]!)).toBe(false);
    expect(resultText(await c.callTool('echo', { text: 'back' }))).toBe('back');
    expect(c.lastError).toBeNull();
  });

  it('gives up on a call past its timeout and stays usable', async () => {
    const { c } = connection({}, { callTimeoutMs: 300 });
    await c.connect();
    await expect(c.callTool('hang', {})).rejects.toThrow(/timed out/i);
    expect(resultText(await c.callTool('echo', { text: 'ok' }))).toBe('ok');
  });

  it('stops a call when its signal fires', async () => {
    const { c } = connection();
    await c.connect();
    const stop = new AbortController();
    const call = c.callTool('hang', {}, { signal: stop.signal });
    stop.abort(new Error('stopped by the user'));
    await expect(call).rejects.toThrow(/stopped by the user/);
  });

  it('survives output that is not JSON-RPC and a flood of stderr', async () => {
    const { c } = connection();
    await c.connect();
    expect(resultText(await c.callTool('garbage', {}))).toBe('still here');
    expect(resultText(await c.callTool('flood', {}))).toBe('flooded');
    expect(resultText(await c.callTool('echo', { text: 'fine' }))).toBe('fine');
  });

  it('reports a tool error as the result', async () => {
    const { c } = connection();
    await c.connect();
    const failed = await c.callTool('fails', {});
    expect(failed.isError).toBe(true);
    expect(resultText(failed)).toBe('the lookup service is down');
  });

  it('ends the child process when closed, and does not restart it', async () => {
    const { c, pids } = connection();
    await c.connect();
    const pid = pids[0]!;
    expect(childProcesses.has(pid)).toBe(true);
    await c.close();
    expect(isAlive(pid)).toBe(false);
    expect(childProcesses.has(pid)).toBe(false);
    expect(c.state).toBe('disconnected');
    await expect(c.connect()).rejects.toThrow(/closed/);
  });

  it('reports a server that cannot start, with the reason, and keeps retrying', async () => {
    const hook = { changed: null as (() => void) | null };
    let attempts = 0;
    const c = new McpConnection({
      serverName: 'missing',
      transport: () => {
        attempts++;
        return createTransport({ type: 'stdio', command: '/nonexistent/mcp-server' });
      },
      logger,
      supervise: true,
      backoff: { firstMs: 5, maxMs: 20 },
      onChange: () => hook.changed?.(),
    });
    open.push(c);
    await expect(c.connect()).rejects.toThrow(/could not be reached: .*ENOENT/);
    expect(c.state).toBe('error');
    await until(hook, () => attempts >= 3);
  });
});
