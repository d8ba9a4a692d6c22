// Tool approval and ask_user through the real server and the simulator's `tools-approval` and
// `ask-user` models: a run pauses before a call that needs approval (or on a question), the
// pause is in the stream and in a resumed stream, and the reply routes continue the same run.
// Clients without the resumable opt-in are never left waiting.
import { NO_PARENT, RESUMABLE_STREAM_HEADER, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool } from '../../src/services/tools/tool.ts';
import { openStream, type OpenStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentClient } from './agent-client.ts';

const deleted: string[] = [];
const deleteNote: Tool = {
  name: 'delete_note',
  description: 'Deletes a note',
  input: z.object({ note: z.string() }),
  authConfig: [],
  approval: 'ask',
  run: async ({ note }: { note: string }) => {
    deleted.push(note);
    return `deleted ${note}`;
  },
};

let f: ProviderFixture;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  f = await startProviderFixture({
    env: () => ({}),
    yaml: (url) => `version: 1.2.8
endpoints:
  agents: { toolApprovalTimeout: 1500 }
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${url}/v1
      models: { default: [tools-approval, ask-user, ask-user-text] }
      titleConvo: false
`,
  });
  user = f.user;
  other = await createTestUser(f.server);
  f.server.ctx.tools.add(deleteNote);
});
afterAll(() => f.stop());

const agentFor = (model: string, fields: Record<string, unknown> = {}) =>
  agentClient(f.server).create(user, {
    provider: 'Sim',
    model,
    tools: ['delete_note', 'ask_user'],
    ...fields,
  });

const chat = (
  agentId: string,
  text: string,
  opts: { resumable?: boolean; conversationId?: string; parentMessageId?: string } = {},
) =>
  openStream(f.server, '/api/agents/chat/agents', {
    token: user.token,
    headers: opts.resumable === false ? {} : { [RESUMABLE_STREAM_HEADER]: 'true' },
    json: {
      text,
      parentMessageId: opts.parentMessageId ?? NO_PARENT,
      conversationId: opts.conversationId ?? null,
      endpoint: 'agents',
      agent_id: agentId,
    },
  });

/** The approval a step delta carries, if any. */
const approvalIn = (e: SseEvent) =>
  e.data?.event === 'on_run_step_delta'
    ? (e.data.data?.delta?.approval as Record<string, unknown>)
    : undefined;

/** Reads until the run pauses; answers the conversation, the paused call's id and what it waits for. */
async function paused(stream: OpenStream) {
  const events = await stream.until((e) => {
    const a = approvalIn(e);
    return a !== undefined && (a.expires_at as number) > Date.now();
  });
  const created = events.find((e) => e.data?.created)!.data;
  const step = events.find((e) => e.data?.event === 'on_run_step' && e.data.data?.stepDetails?.tool_calls);
  const toolCallId = step!.data.data.stepDetails.tool_calls[0].id as string;
  return {
    conversationId: created.message.conversationId as string,
    toolCallId,
    approval: approvalIn(events.at(-1)!)!,
  };
}

const post = (path: string, token: string, json: unknown) =>
  f.server.api(`/api/agents/chat/${path}`, { method: 'POST', token, json });

const final = (events: SseEvent[]) => events.at(-1)!.data;
const toolCalls = (content: ContentPart[]) =>
  content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call as Record<string, unknown>);

describe('tool approval', () => {
  it('pauses before an "ask" call, shows it after a reload, and runs it once approved', async () => {
    const agent = await agentFor('tools-approval');
    const stream = await chat(agent.id, 'shopping list');
    const { conversationId, toolCallId, approval } = await paused(stream);
    expect(approval.kind).toBe('approve');
    expect(deleted).not.toContain('shopping list');
    // A reload re-attaches and sees the pending approval on the call's part.
    stream.close();
    const resumed = await openStream(f.server, `/api/agents/chat/stream/${conversationId}?resume=true`, {
      token: user.token,
    });
    const first = await resumed.next();
    expect(JSON.stringify(first!.data)).toContain('"kind":"approve"');
    // Another user cannot answer it: it is not theirs.
    expect(
      (await post('approve', other.token, { conversationId, toolCallId, decision: 'approve' })).status,
    ).toBe(404);
    expect(
      (await post('approve', user.token, { conversationId, toolCallId, decision: 'approve' })).status,
    ).toBe(204);
    // Once decided, a second decision is refused: 409 while the run takes the first, then 404.
    const second = await post('approve', user.token, { conversationId, toolCallId, decision: 'deny' });
    expect([404, 409]).toContain(second.status);
    const done = final(await resumed.rest());
    expect(done.final).toBe(true);
    expect(toolCalls(done.responseMessage.content)[0]).toMatchObject({
      output: 'deleted shopping list',
      progress: 1,
    });
    expect(done.responseMessage.text).toBe('The tool returned: deleted shopping list');
    expect(deleted).toContain('shopping list');
  });

  it('tells the model the user declined a denied call, and does not run it', async () => {
    const agent = await agentFor('tools-approval');
    const stream = await chat(agent.id, 'tax notes');
    const { conversationId, toolCallId } = await paused(stream);
    expect((await post('approve', user.token, { conversationId, toolCallId, decision: 'deny' })).status).toBe(
      204,
    );
    const done = final(await stream.rest());
    expect(toolCalls(done.responseMessage.content)[0]!.output).toMatch(
      /^The user declined this call of delete_note/,
    );
    expect(done.responseMessage.text).toMatch(/^The tool returned: The user declined/);
    expect(deleted).not.toContain('tax notes');
  });

  it('"remember" lets later calls of the tool in the conversation run without asking', async () => {
    const agent = await agentFor('tools-approval');
    const stream = await chat(agent.id, 'note one');
    const { conversationId, toolCallId } = await paused(stream);
    const remember = { conversationId, toolCallId, decision: 'approve', remember: true };
    expect((await post('approve', user.token, remember)).status).toBe(204);
    const first = final(await stream.rest());
    const again = await chat(agent.id, 'note two', {
      conversationId,
      parentMessageId: first.responseMessage.messageId,
    });
    const events = await again.rest();
    expect(events.some((e) => approvalIn(e))).toBe(false);
    expect(final(events).responseMessage.text).toBe('The tool returned: deleted note two');
  });

  it('an approval nobody gives in time ends the run cleanly, the answer saved', async () => {
    const agent = await agentFor('tools-approval');
    const before = f.requests.length;
    const events = await (await chat(agent.id, 'forgotten note')).rest();
    const done = final(events);
    expect(done.final).toBe(true);
    expect(done.error).toBeUndefined();
    expect(done.responseMessage.finish_reason).toBe('stop');
    expect(toolCalls(done.responseMessage.content)[0]!.output).toBe(
      'Error processing tool delete_note: nobody approved it in time, so the run ended',
    );
    // The model was not called again after the wait.
    expect(f.requests.length - before).toBe(1);
    expect(deleted).not.toContain('forgotten note');
  });

  it('declines an "ask" call at once for a client that did not opt in to resumable streams', async () => {
    const agent = await agentFor('tools-approval');
    const started = Date.now();
    const done = final(await (await chat(agent.id, 'api note', { resumable: false })).rest());
    expect(Date.now() - started).toBeLessThan(1500);
    expect(toolCalls(done.responseMessage.content)[0]!.output).toMatch(
      /approval, which can only be given in Parley’s app/,
    );
    expect(deleted).not.toContain('api note');
  });

  it('follows the agent\'s toolApproval: "run" runs at once, "never" declines', async () => {
    const runs = await agentFor('tools-approval', { toolApproval: { delete_note: 'run' } });
    const ran = final(await (await chat(runs.id, 'run note')).rest());
    expect(ran.responseMessage.text).toBe('The tool returned: deleted run note');
    const never = await agentFor('tools-approval', { toolApproval: { delete_note: 'never' } });
    const refused = final(await (await chat(never.id, 'never note')).rest());
    expect(toolCalls(refused.responseMessage.content)[0]!.output).toMatch(
      /^Error processing tool delete_note: its settings/,
    );
    const bad = await agentClient(f.server).call(user, 'POST', '/api/agents', {
      name: 'x',
      provider: 'Sim',
      model: 'tools-approval',
      toolApproval: { delete_note: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses malformed and unknown replies with 4xx, never 500', async () => {
    const cid = '00000000-0000-4000-8000-000000000000';
    const cases: unknown[] = [
      {},
      { conversationId: cid, toolCallId: 'c', decision: 'maybe' },
      { conversationId: cid, toolCallId: 'c', decision: 'approve', extra: 1 },
      { conversationId: cid, toolCallId: 'x'.repeat(5000), decision: 'approve' },
      { conversationId: 5, toolCallId: 'c', decision: 'approve' },
      { conversationId: cid, toolCallId: 'c', decision: 'approve', remember: 'yes' },
      'not an object',
    ];
    for (const body of cases) expect((await post('approve', user.token, body)).status).toBe(400);
    expect((await post('answer', user.token, { conversationId: cid, toolCallId: 'c' })).status).toBe(400);
    expect(
      (await post('answer', user.token, { conversationId: cid, toolCallId: 'c', answer: 'a'.repeat(5000) }))
        .status,
    ).toBe(400);
    expect(
      (await post('approve', user.token, { conversationId: cid, toolCallId: 'c', decision: 'approve' }))
        .status,
    ).toBe(404);
    const anonymous = await f.server.api('/api/agents/chat/approve', { method: 'POST', json: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('ask_user', () => {
  it('shows the question with its choices and continues the same run with the answer', async () => {
    const agent = await agentFor('ask-user');
    const stream = await chat(agent.id, 'make me a chart');
    const { conversationId, toolCallId, approval } = await paused(stream);
    expect(approval).toMatchObject({
      kind: 'question',
      question: 'Which colour should the chart use?',
      choices: ['Blue', 'Green'],
    });
    // An answer is not an approval, and the other way round.
    expect(
      (await post('approve', user.token, { conversationId, toolCallId, decision: 'approve' })).status,
    ).toBe(400);
    expect((await post('answer', other.token, { conversationId, toolCallId, answer: 'Red' })).status).toBe(
      404,
    );
    expect((await post('answer', user.token, { conversationId, toolCallId, answer: 'Green' })).status).toBe(
      204,
    );
    const done = final(await stream.rest());
    expect(done.responseMessage.text).toBe('The tool returned: The user answered: Green');
    expect(toolCalls(done.responseMessage.content)[0]).toMatchObject({ name: 'ask_user', progress: 1 });
  });

  it('is refused for a client that cannot answer, so the run goes on', async () => {
    const agent = await agentFor('ask-user-text');
    const done = final(await (await chat(agent.id, 'chart please', { resumable: false })).rest());
    expect(toolCalls(done.responseMessage.content)[0]!.output).toMatch(
      /^Error processing tool ask_user: the user cannot answer/,
    );
    expect(done.final).toBe(true);
  });
});
