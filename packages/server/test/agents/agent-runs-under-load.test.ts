// Many agent runs at once, each a chain of three tool steps (four model calls), against a simulator
// whose server closes kept-alive connections that idled, as every HTTP server does. On a loaded
// Parley the close of an idle socket can sit unread while the next model call of a run picks that
// socket from the pool; the request then meets "other side closed". Here the simulator's front
// drops every request that arrives on a socket idle for longer than a few tens of milliseconds (the close
// that Parley had not read yet) and closes every other socket idle as long, as the server's idle
// timers would, so the race happens on most reused sockets. Every run must still finish exactly: three results in order and the answer quoting them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSimHandler } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool } from '../../src/services/tools/tool.ts';
import { openStream } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { agentClient } from './agent-client.ts';

const RUNS = 12;
const WAVES = 3;
/**
 * A kept-alive socket idle longer than this counts as closed by the server (real servers wait
 * seconds). The front measures idleness on its own event loop, which is this process's: at 5 ms a
 * loaded machine's loop lag alone made nearly every reuse "idle", and one run met six dropped
 * sockets in a row (CI). At 25 ms the sockets of one wave that idled past it still meet the race
 * at the start of every later wave, which waits four times as long.
 */
const IDLE_CLOSE_MS = 25;

const lookup: Tool = {
  name: 'lookup',
  description: 'Looks something up',
  input: z.object({ step: z.number().int(), query: z.string() }),
  authConfig: [],
  run: async ({ step, query }: { step: number; query: string }) => `step ${step}: ${query.slice(0, 60)}`,
};

/** The simulator behind a front that closes idle kept-alive sockets when a request arrives on them. */
async function startClosingSimulator() {
  const handler = createSimHandler({ tokensPerSecond: 5000 });
  const idleSince = new Map<Socket, number>();
  let closedUnderRequest = 0;
  const server: Server = createServer((req, res) => {
    const socket = req.socket;
    const since = idleSince.get(socket);
    if (since !== undefined && performance.now() - since > IDLE_CLOSE_MS) {
      // The server's idle timers fired: this socket, and every other one idle as long, is closed.
      closedUnderRequest++;
      for (const [other, otherSince] of idleSince) {
        if (other !== socket && performance.now() - otherSince <= IDLE_CLOSE_MS) continue;
        other.destroy();
        idleSince.delete(other);
      }
      return;
    }
    idleSince.delete(socket);
    res.on('finish', () => idleSince.set(socket, performance.now()));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    closedUnderRequest: () => closedUnderRequest,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.whenIdle();
    },
  };
}

let sim: Awaited<ReturnType<typeof startClosingSimulator>>;
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  sim = await startClosingSimulator();
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      OPENAI_MODELS: 'tools-chain',
      TITLE_CONVO: 'false',
    },
  });
  server.ctx.tools.add(lookup);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

async function runChain(agentId: string, text: string) {
  const stream = await openStream(server, '/api/agents/chat/agents', {
    token: user.token,
    json: { text, parentMessageId: NO_PARENT, conversationId: null, endpoint: 'agents', agent_id: agentId },
  });
  return (await stream.rest()).at(-1)!.data;
}

describe('agent runs at once against a provider that closes idle connections', () => {
  it('finishes every run exactly, sending a request again when its kept-alive socket was closed', async () => {
    const agent = await agentClient(server).create(user, { model: 'tools-chain', tools: ['lookup'] });
    for (let wave = 0; wave < WAVES; wave++) {
      const texts = Array.from({ length: RUNS }, (_, i) => `wave ${wave} run ${i}`);
      const finals = await Promise.all(texts.map((text) => runChain(agent.id, text)));
      for (const [i, final] of finals.entries()) {
        expect(final.error, `${texts[i]}: ${JSON.stringify(final)}`).toBeUndefined();
        const outputs = (final.responseMessage.content as { type: string; tool_call?: { output?: string } }[])
          .filter((p) => p.type === 'tool_call')
          .map((p) => p.tool_call?.output);
        expect(outputs).toEqual([
          `step 1: ${texts[i]}`,
          expect.stringMatching(/^step 2: step 1: /),
          expect.stringMatching(/^step 3: step 2: /),
        ]);
        expect(final.responseMessage.text).toMatch(/^The tool returned: step 1: .*\nstep 2: .*\nstep 3: /);
      }
      // Every socket the wave used idles past the close before the next wave reuses it.
      await new Promise((resolve) => setTimeout(resolve, IDLE_CLOSE_MS * 4));
    }
    // The race really happened: requests arrived on sockets the server had closed.
    expect(sim.closedUnderRequest()).toBeGreaterThan(0);
  }, 60_000);
});
