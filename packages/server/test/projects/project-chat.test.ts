import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_PROMPT_HEADING } from '../../src/services/projects/project-chat.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf } from '../chat/sse-client.ts';
import { seedIndexedFile } from '../files/indexed-file-seed.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** A second simulator endpoint with the models that show what reached the model. */
const TOOLS_ENDPOINT = `
    - name: Probe
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models:
        default: [echo-system, file-search]
`;

describe('chats in a project', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: TOOLS_ENDPOINT });
  });
  afterAll(() => chat.stop());

  /** Sends one message with a Probe model; answers the final event's data (or the HTTP error). */
  const ask = async (user: TestUser, model: string, extra: Record<string, unknown>) => {
    const stream = await chat.send(
      { endpoint: 'Probe', model, text: 'How many zebras did the herd count?', ...extra },
      { token: user.token, path: '/api/agents/chat/Probe' },
    );
    if (stream.response.status !== 200) {
      stream.close();
      return { status: stream.response.status } as const;
    }
    const final = finalOf(await stream.rest());
    return {
      status: 200,
      text: final?.responseMessage?.text as string,
      conversationId: final?.conversation?.conversationId as string,
      parentMessageId: final?.responseMessage?.messageId as string,
    } as const;
  };
  const createProject = async (user: TestUser, body: Record<string, unknown>) =>
    jsonOf(await chat.server.api('/api/projects', { method: 'POST', token: user.token, json: body }));
  const member = (owner: TestUser, projectId: string, method: 'PUT' | 'DELETE', body: unknown) =>
    chat.server.api(`/api/projects/${projectId}/members`, { method, token: owner.token, json: body });

  it("puts the project's instructions in the system prompt of each of its conversations", async () => {
    const { alice } = chat;
    const project = await createProject(alice, { name: 'Poetry', instructions: 'Always answer in haiku.' });
    const first = await ask(alice, 'echo-system', { projectId: project.id, promptPrefix: 'Be kind.' });
    expect(first.text).toBe(`${PROJECT_PROMPT_HEADING} (Poetry)\nAlways answer in haiku.\n\nBe kind.`);
    const convo = await jsonOf(
      await chat.server.api(`/api/convos/${first.conversationId}`, { token: alice.token }),
    );
    expect(convo.projectId).toBe(project.id);

    // A follow-up names no project: the conversation's own is used, with its current instructions.
    await chat.server.api(`/api/projects/${project.id}`, {
      method: 'PATCH',
      token: alice.token,
      json: { instructions: 'Answer in limericks.' },
    });
    const next = await ask(alice, 'echo-system', {
      conversationId: first.conversationId,
      parentMessageId: first.parentMessageId,
    });
    expect(next.text).toContain('Answer in limericks.');

    // A chat outside any project gets none.
    expect((await ask(alice, 'echo-system', {})).text).not.toContain(PROJECT_PROMPT_HEADING);
  });

  it("refuses to start a chat in someone else's project, and drops a removed member's instructions", async () => {
    const { alice, bob } = chat;
    const project = await createProject(alice, { name: 'Team', instructions: 'Team rules apply.' });
    expect((await ask(bob, 'echo-system', { projectId: project.id })).status).toBe(404);

    expect((await member(alice, project.id, 'PUT', { userId: bob.id, role: 'viewer' })).status).toBe(200);
    const his = await ask(bob, 'echo-system', { projectId: project.id });
    expect(his.text).toContain('Team rules apply.');

    expect((await member(alice, project.id, 'DELETE', { userId: bob.id })).status).toBe(200);
    const after = await ask(bob, 'echo-system', {
      conversationId: his.conversationId,
      parentMessageId: his.parentMessageId,
    });
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('Team rules apply.');
  });

  it("searches the project's files, whoever added them, for every member and no one else", async () => {
    const { alice, bob, server } = chat;
    const project = await createProject(alice, { name: 'Safari' });
    const fileId = `zebra-${project.id}`;
    await seedIndexedFile(server.ctx.db, {
      userId: alice.id,
      fileId,
      texts: ['The zebra herd counted 42 animals at the river.', 'Lions slept all afternoon.'],
    });
    const added = await server.api(`/api/projects/${project.id}/files`, {
      method: 'POST',
      token: alice.token,
      json: { file_id: fileId },
    });
    expect(added.status).toBe(200);
    await member(alice, project.id, 'PUT', { userId: bob.id, role: 'viewer' });

    const answer = await ask(bob, 'file-search', { projectId: project.id });
    expect(answer.text).toContain(`${fileId}.txt says “The zebra herd counted 42 animals`);

    // Outside the project the same question finds nothing of Alice's.
    const outside = await ask(bob, 'file-search', {});
    expect(outside.text).not.toContain('42 animals');
  });
});
