// An MCP server that needs the user's OAuth sign-in, met inside a chat: the run shows the sign-in
// link on a tool step (the "requires auth" state), waits for the popup's callback and then goes on
// by itself — before the first model call when the user never signed in (the server lists no tools
// until then), and in the middle of a call when the token was refused and could not be refreshed.
// Also: a reload (resume) shows the waiting step; cancel, a refused sign-in, a forged or replayed
// state and another user's cancel or sign-in each do what they should and nothing more.
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, waitFor, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf, openStream, type OpenStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { approveSignIn, startOAuthMcpServer, type OAuthMcpServer } from './fixtures/oauth-mcp-server.ts';

const TOOLS_ENDPOINT = 'SimTools';
const SIGN_IN_STEP = 'oauth_mcp_secure';

type Call = { id: string; name: string; args: string; output?: string; progress?: number; auth?: string };
const toolParts = (content: ContentPart[]) =>
  content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call as Call);
const stepEvents = (events: SseEvent[], name: string) =>
  events.filter((e) => e.data?.event === name).map((e) => e.data.data);
const isAuthDelta = (e: SseEvent) => e.data?.event === 'on_run_step_delta' && Boolean(e.data.data.delta.auth);

describe('MCP sign-in inside a chat', () => {
  let chat: ChatFixture;
  let remote: OAuthMcpServer;
  let carol: TestUser;
  const waits = () => chat.server.ctx.tools.signInWaits;
  const ask = (text: string, user: TestUser) =>
    chat.send(
      {
        text,
        model: 'tools-named',
        endpoint: TOOLS_ENDPOINT,
        parentMessageId: NO_PARENT,
        ephemeralAgent: { mcp: ['secure'] },
      },
      { token: user.token, path: `/api/agents/chat/${TOOLS_ENDPOINT}`, resumable: true },
    );
  /** Reads the stream until a call asks for sign-in: that call's step id and the link. */
  const signInAsked = async (stream: OpenStream) => {
    const events = await stream.until(isAuthDelta);
    const delta = events.at(-1)!.data.data;
    return { events, stepId: delta.id as string, link: delta.delta.auth as string };
  };
  /** The user approves in the popup: the authorization server redirects to Parley's callback. */
  const approve = (link: string) => approveSignIn(link, '/api/mcp/secure/oauth/callback');
  /** Where Parley's callback sends the popup. */
  const callback = async (pathAndQuery: string) => {
    const res = await chat.server.api(pathAndQuery, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  const cancel = async (user: TestUser) =>
    jsonOf(await chat.server.api('/api/mcp/oauth/cancel/secure', { method: 'POST', token: user.token }));

  beforeAll(async () => {
    remote = await startOAuthMcpServer();
    chat = await startChatFixture({
      extraYaml: [
        `    - name: ${TOOLS_ENDPOINT}`,
        '      apiKey: sk-test',
        '      baseURL: SIM_URL/v1',
        '      models:',
        '        default: [tools-named]',
        'mcpServers:',
        `  secure: { type: streamable-http, url: "${remote.url}", requiresOAuth: true, initTimeout: 5000 }`,
      ].join('\n'),
    });
    carol = await createTestUser(chat.server);
  });
  afterAll(async () => {
    await chat?.stop();
    await remote?.close();
  });

  it('a user who never signed in gets a sign-in step; after the popup’s callback the run goes on with the tools', async () => {
    const stream = await ask('whoami_mcp_secure', chat.alice);
    const { events, stepId, link } = await signInAsked(stream);
    const conversationId = events[0]!.data.message.conversationId as string;
    const [step] = stepEvents(events, 'on_run_step').filter((s) => s.type === 'tool_calls');
    expect(step.id).toBe(stepId);
    expect(step.stepDetails.tool_calls[0].name).toBe(SIGN_IN_STEP);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(new URL(remote.url).origin + '/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const authDelta = events.at(-1)!.data.data.delta;
    expect(authDelta.expires_at).toBeGreaterThan(Date.now());
    expect(waits().waitingOn(chat.alice.id, 'mcp:secure')).toBe(1);

    // A reload re-attaches and sees the step waiting for sign-in, link and all.
    const resumed = await openStream(chat.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: chat.alice.token,
    });
    const sync = (await resumed.next())!.data;
    expect(toolParts(sync.resumeState.content)).toEqual([
      expect.objectContaining({ name: SIGN_IN_STEP, auth: link, progress: 0.1 }),
    ]);
    resumed.close();

    expect(await callback(await approve(link))).toBe('/oauth/success?serverName=secure');
    const rest = await stream.rest();
    const [signedIn, called] = stepEvents(rest, 'on_run_step_completed').map((c) => c.result.tool_call);
    expect(signedIn).toMatchObject({
      name: SIGN_IN_STEP,
      output: 'Signed in to secure: 3 tools available',
      progress: 1,
    });
    expect(called).toMatchObject({
      name: 'whoami_mcp_secure',
      output: expect.stringMatching(/auth=Bearer at-/),
    });
    const final = finalOf(rest);
    expect(final.responseMessage.text).toMatch(/^The tool returned: .*auth=Bearer at-/);
    const [, saved] = await messagesOf(chat.server.ctx.db, conversationId);
    const parts = toolParts(saved!.content as ContentPart[]);
    expect(parts.map((p) => p.name)).toEqual([SIGN_IN_STEP, 'whoami_mcp_secure']);
    // Once signed in, the saved step no longer offers the link.
    expect(parts[0]!.auth).toBeUndefined();
    expect(waits().waitingOn(chat.alice.id, 'mcp:secure')).toBe(0);
  });

  it('a token refused mid-session that cannot be refreshed puts the call itself in sign-in; it runs once signed in', async () => {
    remote.revokeTokens();
    const codesBefore = remote.grants.authorization_code;
    const stream = await ask('whoami_mcp_secure', chat.alice);
    const { events, stepId, link } = await signInAsked(stream);
    const [step] = stepEvents(events, 'on_run_step').filter((s) => s.type === 'tool_calls');
    // The model's own call waits: no sign-in step of its own, the tools were offered.
    expect(step.stepDetails.tool_calls[0].name).toBe('whoami_mcp_secure');
    expect(step.id).toBe(stepId);
    expect(chat.server.ctx.mcp.status(chat.alice.id).secure).toEqual({
      connectionState: 'disconnected',
      requiresOAuth: true,
    });
    expect(await callback(await approve(link))).toBe('/oauth/success?serverName=secure');
    const rest = await stream.rest();
    const completed = stepEvents(rest, 'on_run_step_completed').map((c) => c.result.tool_call);
    expect(completed).toEqual([
      expect.objectContaining({
        name: 'whoami_mcp_secure',
        output: expect.stringMatching(/auth=Bearer at-/),
      }),
    ]);
    expect(remote.grants.authorization_code).toBe(codesBefore + 1);
    expect(finalOf(rest).responseMessage.finish_reason).toBe('stop');
  });

  it('cancel ends the waiting step with an error and the answer goes on without the tools; another user’s cancel does not', async () => {
    const stream = await ask('whoami_mcp_secure', chat.bob);
    await signInAsked(stream);
    // Alice cancelling "her" sign-in to the same server touches nothing of Bob's.
    await cancel(chat.alice);
    expect(waits().waitingOn(chat.bob.id, 'mcp:secure')).toBe(1);
    expect(await cancel(chat.bob)).toEqual({ success: true, message: 'Sign-in to secure cancelled' });
    const rest = await stream.rest();
    const [signIn, call] = stepEvents(rest, 'on_run_step_completed').map((c) => c.result.tool_call);
    expect(signIn).toMatchObject({
      name: SIGN_IN_STEP,
      output: `Error processing tool ${SIGN_IN_STEP}: the sign-in to secure was cancelled`,
    });
    expect(call.output).toBe(
      'Error processing tool whoami_mcp_secure: there is no tool named "whoami_mcp_secure" in this run',
    );
    expect(finalOf(rest).responseMessage.finish_reason).toBe('stop');
  });

  it('a forged or replayed state, or another user’s sign-in, does not resume the call; a refused sign-in ends it', async () => {
    const stream = await ask('whoami_mcp_secure', chat.bob);
    const { link } = await signInAsked(stream);
    expect(await callback('/api/mcp/secure/oauth/callback?code=x&state=forged')).toBe(
      '/oauth/error?error=invalid_state',
    );
    // Carol signs in to the same server from her own picker: Bob's call keeps waiting.
    const carolStream = await ask('whoami_mcp_secure', carol);
    const carolLink = (await signInAsked(carolStream)).link;
    const carolBack = await approve(carolLink);
    expect(await callback(carolBack)).toBe('/oauth/success?serverName=secure');
    expect(finalOf(await carolStream.rest()).responseMessage.text).toMatch(
      /^The tool returned: .*auth=Bearer at-/,
    );
    expect(await callback(carolBack)).toBe('/oauth/error?error=invalid_state');
    expect(waits().waitingOn(chat.bob.id, 'mcp:secure')).toBe(1);

    // Bob's authorization server refuses: the step ends as failed.
    const state = new URL(link).searchParams.get('state')!;
    expect(await callback(`/api/mcp/secure/oauth/callback?error=access_denied&state=${state}`)).toBe(
      '/oauth/error?error=callback_failed',
    );
    const rest = await stream.rest();
    const [signIn] = stepEvents(rest, 'on_run_step_completed').map((c) => c.result.tool_call);
    expect(signIn.output).toBe(`Error processing tool ${SIGN_IN_STEP}: the sign-in to secure failed`);
  });

  it('stop while a step waits for sign-in saves the answer unfinished and ends the wait', async () => {
    const stream = await ask('whoami_mcp_secure', chat.bob);
    const { events } = await signInAsked(stream);
    const conversationId = events[0]!.data.message.conversationId as string;
    const abort = await chat.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: chat.bob.token,
      json: { conversationId },
    });
    expect(abort.status).toBe(200);
    const final = await jsonOf(abort);
    expect(final.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });
    expect(toolParts(final.responseMessage.content)).toEqual([
      expect.objectContaining({ name: SIGN_IN_STEP, progress: 0.1 }),
    ]);
    await waitFor(async () => (waits().waitingOn(chat.bob.id, 'mcp:secure') === 0 ? true : undefined));
    await stream.rest();
  });
});
