import { simTitle } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { deltaText, finalOf, openStream } from './sse-client.ts';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
});
afterAll(() => server.stop());

const send = (json: Record<string, unknown>, token = alice.token, endpoint = 'Demo') =>
  openStream(server, `/api/agents/chat/${endpoint}`, {
    token,
    json: { parentMessageId: NO_PARENT, conversationId: null, model: 'echo', ...json },
  });

describe('chat stream', () => {
  it('streams the echo answer: created, steps, deltas, final', async () => {
    const stream = await send({ text: 'Hello there, dear simulator!' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const events = await stream.rest();
    expect(events[0]!.data.created).toBe(true);
    expect(events[1]!.data.event).toBe('on_run_step');
    expect(deltaText(events)).toBe('Hello there, dear simulator!');
    const final = finalOf(events);
    expect(events.at(-1)!.data).toBe(final);
    expect(final.responseMessage.text).toBe('Hello there, dear simulator!');
    expect(final.responseMessage.finish_reason).toBe('stop');
    expect(final.title).toBe(simTitle('Hello there, dear simulator!'));
  });
});
