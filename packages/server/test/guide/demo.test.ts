// `npm run demo` as a newcomer runs it: one command starts the simulator and a server with every
// feature on, creates the demo login and prints it. The features must then be offered: the
// startup config's flags and MCP server, the tools list (web search, code, file search, image
// generation, the MCP server's tools), speech through the external engine, memories, and
// embeddings (the OpenAI-compatible API lists the embeddings model and answers with vectors).
// Runs the server from source (`--from-source`): the compiled build is `npm start`'s own test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartupConfig, ToolEntry } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { apiClient } from '../helpers/test-server.ts';
import { ROOT, waitFor, watch, type Launched } from '../startup/compiled-server.ts';

const DEMO_LOGIN = { email: 'demo@example.com', password: 'parley-demo' };

describe('npm run demo', () => {
  let demo: Launched;
  let dataDir: string;
  let api: ReturnType<typeof apiClient>;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-demo-'));
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/demo.mjs'), '--from-source'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo = watch(child);
    await waitFor(
      () => demo.output().includes('Parley demo is ready'),
      170_000,
      () => demo.output(),
    );
    api = apiClient(`http://127.0.0.1:${port}`);
    const login = await api('/api/auth/login', { method: 'POST', json: DEMO_LOGIN });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    if (demo && demo.child.exitCode === null) {
      demo.child.kill('SIGTERM');
      await demo.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('prints the address and the demo login', () => {
    expect(demo.output()).toMatch(/Parley demo is ready: http:\/\/127\.0\.0\.1:\d+/);
    expect(demo.output()).toContain(`sign in with ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  });

  it('turns on web search, code, artifacts, file search, memories and the MCP server', async () => {
    const config = (await (await api('/api/config')).json()) as StartupConfig;
    expect(config.interface).toMatchObject({
      webSearch: true,
      runCode: true,
      artifacts: true,
      fileSearch: true,
      memories: true,
      agents: true,
    });
    expect(config.webSearch?.searchProvider).toBe('searxng');
    expect(Object.keys(config.mcpServers ?? {})).toEqual(['demo-tools']);
  });

  it('offers every tool ready to use, the MCP server’s included', async () => {
    const tools = (await (await api('/api/agents/tools', { token })).json()) as ToolEntry[];
    const ready = tools.filter((t) => t.authenticated).map((t) => t.pluginKey);
    expect(ready).toEqual(
      expect.arrayContaining([
        'web_search',
        'execute_code',
        'file_search',
        'image_gen_oai',
        'roll_dice_mcp_demo-tools',
        'word_count_mcp_demo-tools',
      ]),
    );
  });

  it('speaks and listens through the external speech engine', async () => {
    const speech = await (await api('/api/files/speech/config/get', { token })).json();
    expect(speech).toMatchObject({ ttsExternal: true, sttExternal: true });
    const voices = await (await api('/api/files/speech/tts/voices', { token })).json();
    expect(voices).toEqual(['alloy', 'nova']);
  });

  it('embeds text with the embeddings provider', async () => {
    const created = await api('/api/api-keys', { method: 'POST', token, json: { name: 'demo test' } });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const res = await api('/v1/embeddings', {
      method: 'POST',
      token: key,
      json: { model: 'sim-embed', input: 'lighthouse' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { embedding: number[] }[] };
    expect(body.data[0]!.embedding).toHaveLength(256);
  });
});
