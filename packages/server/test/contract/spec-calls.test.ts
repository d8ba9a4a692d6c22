import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, SIM_ENDPOINT, type ChatFixture } from '../chat/chat-fixture.ts';
import { openStream } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { SPEC_CALLS, type CallContext, type SpecCall } from './spec-call-table.ts';

/**
 * Calls of the spec's call tables whose feature is not built yet, by feature. This list is the
 * measure of what remains: when a feature lands, move its calls out of here in the same change.
 * The suite fails when a listed call starts answering, and when an unlisted one is missing.
 */
const EXPECTED_MISSING: Record<string, string[]> = {};

/**
 * Decided out of scope, not pending: OpenAI retired the Assistants API and Parley's agents cover
 * its use. These calls must answer 404 (never a page or a 2xx).
 */
const OUT_OF_SCOPE = [
  'POST /api/assistants/v2/chat',
  'POST /api/assistants/v1/chat',
  'GET /api/assistants/v{version}',
  'GET /api/assistants/v{version}/documents',
];

/** The answer of Parley's not-found handler: no route has this method and path. */
async function isMissingRoute(res: Response, method: string, path: string): Promise<boolean> {
  if (res.status !== 404) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: string } | null;
  return body?.message === `Route ${method} ${path.split('?')[0]} not found`;
}

describe('the spec call tables (contract suite)', () => {
  let chat: ChatFixture;
  let context: CallContext;
  const outcomes = new Map<string, 'answered' | 'missing'>();

  beforeAll(async () => {
    // Balances on (with credits no walk can spend), so GET /api/balance answers as it does for a
    // server that keeps them.
    chat = await startChatFixture({ extraYaml: 'balance:\n  enabled: true\n  startBalance: 1000000000\n' });
    const { server, alice } = chat;
    // Pyodide loads in seconds: a spare loads while the walk reaches the Run button's call.
    server.ctx.codeRunner.warmUp('python');
    // A conversation with a question and an answer, as a person's first exchange leaves it.
    const stream = await openStream(server, '/api/agents/chat', {
      token: alice.token,
      json: {
        text: 'hello contract',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
        model: 'echo',
        endpoint: SIM_ENDPOINT,
      },
    });
    const final = (await stream.rest()).find((e) => e.data?.final);
    expect(final, 'the chat call ends with a final event').toBeDefined();
    const doomed: TestUser = await createTestUser(server);
    context = {
      server,
      user: alice,
      doomedUser: doomed,
      conversationId: final!.data.conversation.conversationId as string,
      userMessageId: final!.data.requestMessage.messageId as string,
      answerMessageId: final!.data.responseMessage.messageId as string,
      values: {},
    };
  }, 60_000);
  afterAll(() => chat.stop());

  it('lists each call once, in exactly one of: checked, expected-missing, out of scope', () => {
    const listed = [...Object.values(EXPECTED_MISSING).flat(), ...OUT_OF_SCOPE];
    const all = SPEC_CALLS.map((c) => c.call);
    expect(new Set(all).size, 'a call appears twice in the table').toBe(all.length);
    for (const call of listed) expect(all, `${call} is listed but not in the call table`).toContain(call);
    expect(new Set(listed).size, 'a call is listed twice').toBe(listed.length);
  });

  // Sequential on purpose: later calls use what earlier ones created, and deletions come last.
  it.each(SPEC_CALLS.map((c) => [c.call, c] as const))('%s', async (call: string, spec: SpecCall) => {
    const [method, pathTemplate] = call.split(' ') as [string, string];
    const request = await spec.request(context);
    const path = request.path ?? pathTemplate;
    const headers = new Headers(request.headers);
    const token = request.token === undefined ? context.user.token : request.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    let body: FormData | string | undefined;
    if (request.form) body = request.form;
    else if (request.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(request.json);
    }
    // A redirect (the social sign-in start) is the answer itself, not something to follow.
    const res = await fetch(context.server.url + path, { method, headers, body, redirect: 'manual' });
    const missing = await isMissingRoute(res, method, path);
    outcomes.set(call, missing ? 'missing' : 'answered');

    if (OUT_OF_SCOPE.includes(call)) {
      expect(res.status, `${call} is out of scope and must answer 404`).toBe(404);
      const { code } = (await res.json()) as { code?: string };
      expect(code, `${call} says the Assistants API is retired`).toBe('assistants_retired');
      return;
    }
    const pendingFeature = Object.entries(EXPECTED_MISSING).find(([, calls]) => calls.includes(call))?.[0];
    if (pendingFeature) {
      expect(
        missing,
        `${call} now answers (${res.status}): move it out of EXPECTED_MISSING["${pendingFeature}"]`,
      ).toBe(true);
      return;
    }
    expect(missing, `${call} has no route`).toBe(false);
    await spec.expect(res, context);
  });

  it('walked every call of the table', () => {
    expect(outcomes.size).toBe(SPEC_CALLS.length);
  });
});
