// Many agent runs at once, each a chain of three tool steps (four model calls), against a simulator
// whose server closes kept-alive connections that idled, as every HTTP server does. On a loaded
// Parley the close of an idle socket can sit unread while the next model call of a run picks that
// socket from the pool; the request then meets "other side closed". Here the simulator's front
// plays the server's idle timers between waves: every socket idle when a wave ends counts as closed
// by the server, and a request that arrives on one is dropped (the close Parley had not read yet),
// with every other such socket closed at that moment, so the race happens at the start of every
// later wave. Every run must still finish exactly: three results in order and the answer quoting them.
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
 * How long the sockets idle between waves. The front decides which sockets the server closed by
 * the waves, not by a clock: measured on this process's event loop, a loaded machine's loop lag
 * alone made reuses inside a wave count as idle (a 5 ms limit: six dropped sockets in a row for
 * one run; 25 ms: the same in a CI run under full load).
 */
const PAUSE_MS = 100;
const lookup: Tool = {
  name: 'lookup',
  description: 'Looks something up',
  input: z.object({ step: z.number().int(), query: z.string() }),
  authConfig: [],
  run: async ({ step, query }: { step: number; query: string }) => `step ${step}: ${query.slice(0, 60)}`,
};

/** The simulator behind a front that drops requests on sockets its idle timers closed. */
async function startClosingSimulator() {
  const handler = createSimHandler({ tokensPerSecond: 5000 });
  const idle = new Set<Socket>();
  const closedByTimers = new Set<Socket>();
  let closedUnderRequest = 0;
  const server: Server = createServer((req, res) => {
    const socket = req.socket;
    if (closedByTimers.has(socket)) {
      // The close of this socket had not reached Parley: the request is lost, and every other
      // socket the timers closed is closed now too.
      closedUnderRequest++;
      for (const other of closedByTimers) {
        other.destroy();
        idle.delete(other);
      }
      closedByTimers.clear();
      return;
    }
    idle.delete(socket);
    res.on('finish', () => idle.add(socket));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The server's idle timers fire: every socket idle now is closed, unknown to Parley yet. */
    idleTimersFire: () => {
      for (const socket of idle) closedByTimers.add(socket);
    },
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
      // Every socket the wave used idles until the server's timers close it, unknown to Parley.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      sim.idleTimersFire();
    }
    // The race really happened: requests arrived on sockets the server had closed.
    expect(sim.closedUnderRequest()).toBeGreaterThan(0);
  }, 60_000);
});
