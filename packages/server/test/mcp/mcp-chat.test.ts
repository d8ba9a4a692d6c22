// MCP tools in a real chat: the simulator's `tools-named` model calls a tool of a real MCP server
// (a stdio child process and a streamable-HTTP server on loopback) through Parley's tool loop. The
// call streams as a tool step, is saved like every other tool call, reports the server's progress
// while it runs, and stopping the answer cancels the MCP request on the server.
import { fileURLToPath } from 'node:url';
import type { ReceivedRequest } from '@parley/llm-sim';
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_INSTRUCTIONS_HEADING } from '../../src/services/tools/tool-instructions.ts';
import { messagesOf, startChatFixture, waitFor, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, type SseEvent } from '../chat/sse-client.ts';
import { startHttpMcpServer, type HttpMcpServer } from './fixtures/http-mcp-server.ts';
import {
  startSseMcpServer,
  startWebSocketMcpServer,
  type RemoteMcpServer,
} from './fixtures/remote-mcp-servers.ts';
import { stopChat } from '../helpers/stop-chat.ts';

const STDIO_SERVER = fileURLToPath(new URL('./fixtures/stdio-server.mjs', import.meta.url));
const TOOLS_ENDPOINT = 'SimTools';

type Call = { id: string; name: string; args: string; output?: string; progress?: number };
const toolParts = (content: ContentPart[]) =>
  content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call as Call);
const stepEvents = (events: SseEvent[], name: string) =>
  events.filter((e) => e.data?.event === name).map((e) => e.data.data);

describe('MCP tools in a chat', () => {
  let chat: ChatFixture;
  let http: HttpMcpServer;
  let sse: RemoteMcpServer;
  let ws: RemoteMcpServer;
  const received: ReceivedRequest[] = [];
  /** Asks the tools-named model to call `tool` with `args`, with the MCP servers `mcp` turned on. */
  const ask = (text: string, mcp: string[], token = chat.alice.token) =>
    chat.send(
      {
        text,
        model: 'tools-named',
        endpoint: TOOLS_ENDPOINT,
        parentMessageId: NO_PARENT,
        ephemeralAgent: { mcp, web_search: false, execute_code: false },
      },
      { token, path: `/api/agents/chat/${TOOLS_ENDPOINT}` },
    );

  beforeAll(async () => {
    [http, sse, ws] = await Promise.all([
      startHttpMcpServer(),
      startSseMcpServer(),
      startWebSocketMcpServer(),
    ]);
    chat = await startChatFixture({
      onSimRequest: (r) => received.push(r),
      extraYaml: [
        `    - name: ${TOOLS_ENDPOINT}`,
        '      apiKey: sk-test',
        '      baseURL: SIM_URL/v1',
        '      models:',
        '        default: [tools-named]',
        'mcpServers:',
        `  local: { command: "${process.execPath}", args: ["${STDIO_SERVER}"], serverInstructions: true, timeout: 5000 }`,
        `  remote: { type: streamable-http, url: "${http.url}", serverInstructions: "Call echo to repeat words." }`,
        `  events: { type: sse, url: "${sse.url}", headers: { X-Team: red } }`,
        `  socket: { type: websocket, url: "${ws.url}", headers: { X-Team: green } }`,
      ].join('\n'),
    });
    await chat.server.ctx.mcp.connectionFor(chat.alice.id, 'local');
    await chat.server.ctx.mcp.connectionFor(chat.alice.id, 'remote');
  });
  afterAll(async () => {
    await chat?.stop();
    await Promise.all([http?.close(), sse?.close(), ws?.close()]);
  });

  it('runs a stdio server’s tool: the call streams as a tool step and is saved with its output', async () => {
    const events = await (await ask('add_mcp_local {"a":2,"b":40}', ['local'])).rest();
    const [step] = stepEvents(events, 'on_run_step').filter((s) => s.type === 'tool_calls');
    expect(step.stepDetails.tool_calls[0].name).toBe('add_mcp_local');
    const [completed] = stepEvents(events, 'on_run_step_completed');
    expect(completed.result.tool_call).toMatchObject({ name: 'add_mcp_local', output: '42', progress: 1 });
    const final = finalOf(events);
    expect(final.responseMessage.text).toBe('The tool returned: 42');
    const [, saved] = await messagesOf(chat.server.ctx.db, final.conversation.conversationId);
    expect(toolParts(saved!.content as ContentPart[])).toEqual([
      expect.objectContaining({ name: 'add_mcp_local', args: '{"a":2,"b":40}', output: '42', progress: 1 }),
    ]);
  });

  it('runs a streamable-HTTP server’s tool the same way', async () => {
    const events = await (await ask('echo_mcp_remote {"text":"over http"}', ['remote'])).rest();
    expect(finalOf(events).responseMessage.text).toBe('The tool returned: over http');
  });

  it('runs tools over SSE and WebSocket, with the configured headers', async () => {
    const overSse = await (await ask('whoami_mcp_events', ['events'])).rest();
    expect(finalOf(overSse).responseMessage.text).toBe('The tool returned: team=red');
    const overWs = await (await ask('whoami_mcp_socket', ['socket'])).rest();
    expect(finalOf(overWs).responseMessage.text).toBe('The tool returned: team=green');
  });

  it('offers only the servers the conversation turned on', async () => {
    const events = await (await ask('echo_mcp_remote {"text":"x"}', ['local'])).rest();
    const [completed] = stepEvents(events, 'on_run_step_completed');
    expect(completed.result.tool_call.output).toBe(
      'Error processing tool echo_mcp_remote: there is no tool named "echo_mcp_remote" in this run',
    );
  });

  it('answers a server’s error, and arguments its schema refuses, with an error part', async () => {
    const failed = await (await ask('fails_mcp_local', ['local'])).rest();
    expect(stepEvents(failed, 'on_run_step_completed')[0].result.tool_call.output).toBe(
      'Error processing tool fails_mcp_local: the lookup service is down',
    );
    const bad = await (await ask('add_mcp_local {"a":"two","b":[]}', ['local'])).rest();
    expect(stepEvents(bad, 'on_run_step_completed')[0].result.tool_call.output).toMatch(
      /^Error processing tool add_mcp_local: its arguments do not match its schema/,
    );
    expect(finalOf(bad).responseMessage.finish_reason).toBe('stop');
  });

  it('streams the server’s progress notifications as the running call’s progress', async () => {
    const events = await (await ask('progress_mcp_local {"steps":3,"pauseMs":150}', ['local'])).rest();
    const reports = stepEvents(events, 'on_run_step_delta').filter((d) => d.delta.progress !== undefined);
    expect(reports.map((d) => d.delta.progress_message)).toEqual([
      'step 1 of 3',
      'step 2 of 3',
      'step 3 of 3',
    ]);
    const shares = reports.map((d) => d.delta.progress as number);
    expect(shares[0]).toBeGreaterThan(0.1);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBeLessThan(1);
    const [completed] = stepEvents(events, 'on_run_step_completed');
    expect(completed.result.tool_call).toMatchObject({ output: 'done in 3', progress: 1 });
  });

  it('adds the instructions of the servers a chat uses to the system prompt, and only theirs', async () => {
    const systemOf = async (mcp: string[]) => {
      received.length = 0;
      await (await ask('echo_mcp_remote {"text":"x"}', mcp)).rest();
      const first = received.find((r) => (r.body as { model?: string }).model === 'tools-named');
      const messages = (first?.body as { messages: { role: string; content: unknown }[] }).messages;
      const system = messages.find((m) => m.role === 'system')?.content;
      return typeof system === 'string' ? system : undefined;
    };
    const both = await systemOf(['local', 'remote']);
    expect(both).toContain(TOOL_INSTRUCTIONS_HEADING);
    // `true` takes the server's own instructions; a text is parley.yaml's.
    expect(both).toContain('local: Use echo to repeat text.');
    expect(both).toContain('remote: Call echo to repeat words.');
    const one = await systemOf(['remote']);
    expect(one).toContain('remote: Call echo to repeat words.');
    expect(one).not.toContain('local:');
    expect(await systemOf([])).toBeUndefined();
  });

  it('stop during an MCP call cancels the request on the server and saves the answer unfinished', async () => {
    const before = http.waits().cancelled;
    const stream = await ask('wait_mcp_remote', ['remote']);
    const created = (await stream.next())!.data.message;
    await waitFor(async () => (http.waits().running > 0 ? true : undefined));
    const final = await stopChat(chat.server, chat.alice.token, created.conversationId);
    expect(final.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });
    expect(toolParts(final.responseMessage.content)).toEqual([
      expect.objectContaining({ name: 'wait_mcp_remote', progress: 0.1 }),
    ]);
    await waitFor(async () => (http.waits().cancelled > before ? true : undefined));
    expect(http.waits().running).toBe(0);
    await stream.rest();
  });

  it('a stdio server that crashes mid-call becomes an error part; the next call restarts it', async () => {
    const crashed = await (await ask('crash_mcp_local', ['local'])).rest();
    expect(stepEvents(crashed, 'on_run_step_completed')[0].result.tool_call.output).toMatch(
      /^Error processing tool crash_mcp_local: /,
    );
    expect(finalOf(crashed).responseMessage.finish_reason).toBe('stop');
    await waitFor(
      async () =>
        chat.server.ctx.mcp.existingConnection(chat.alice.id, 'local')?.state === 'connected'
          ? true
          : undefined,
      15_000,
    );
    const events = await (await ask('echo_mcp_local {"text":"back"}', ['local'])).rest();
    expect(finalOf(events).responseMessage.text).toBe('The tool returned: back');
  });
});
