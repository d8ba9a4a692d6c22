// Agent chains through the agents endpoint against the simulator: an agent hands over to the
// agents it names (`agent_ids`), each announced by an `agent_update` part carrying its id and
// name; later agents see what earlier ones wrote; each agent has its own recursion limit; a stop
// ends the whole chain and keeps what was written; an agent that fails, or one the caller may
// not use, ends the chain with an error part after the earlier answers; a chain that names
// itself or loops back ends.
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableAgentMessage } from '../../src/services/agents/agent-chain.ts';
import { messagesOf } from '../chat/chat-fixture.ts';
import { openStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentBody, agentClient } from './agent-client.ts';
import { stopChat } from '../helpers/stop-chat.ts';

let f: ProviderFixture;
let user: TestUser;
let other: TestUser;
const agents = () => agentClient(f.server);

beforeAll(async () => {
  f = await startProviderFixture({
    env: (url) => ({ ...providerEnv(url), OPENAI_MODELS: 'echo,echo-system,slow,error-500' }),
    yaml: providerYaml,
  });
  user = f.user;
  other = await createTestUser(f.server, { name: 'Other' });
});
afterAll(() => f.stop());

const create = (owner: TestUser, fields: Record<string, unknown>) =>
  agents().create(owner, { provider: 'openAI', model: 'echo', ...fields });

const chat = async (owner: TestUser, agentId: string, text: string) =>
  openStream(f.server, '/api/agents/chat/agents', {
    token: owner.token,
    json: { text, parentMessageId: NO_PARENT, conversationId: null, endpoint: 'agents', agent_id: agentId },
  });

/** The answer's parts as short labels: `text:…`, `agent:<id>`, `error:…`. */
const outline = (content: ContentPart[]) =>
  content.map((p) =>
    p.type === 'agent_update'
      ? `agent:${(p.agent_update as { agentId: string }).agentId}`
      : p.type === 'text'
        ? `text:${p.text as string}`
        : `${p.type}:${String((p as { error?: unknown }).error ?? '')}`,
  );

const updates = (events: SseEvent[]) =>
  events
    .filter((e) => e.data.event === 'on_agent_update')
    .map((e) => (e.data.data as { agent_update: { agentId: string } }).agent_update.agentId);

describe('an agent chain', () => {
  it('hands over to each chained agent in turn; the later ones see what the earlier wrote', async () => {
    const second = await create(user, {
      name: 'Critic',
      model: 'echo-system',
      instructions: 'You are the critic.',
    });
    const third = await create(user, { name: 'Closer' });
    const first = await create(user, { name: 'Drafter', agent_ids: [second.id, third.id] });
    expect(first.agent_ids).toEqual([second.id, third.id]);

    const events = await (await chat(user, first.id, 'Write a haiku')).rest();
    const final = events.at(-1)!.data;
    expect(final.final, JSON.stringify(final)).toBe(true);
    expect(final.error).toBeUndefined();
    const content = final.responseMessage.content as ContentPart[];
    const parts = outline(content);
    expect(parts[0]).toBe('text:Write a haiku');
    expect(parts[1]).toBe(`agent:${second.id}`);
    // The critic got its own instructions and the drafter's answer, named.
    expect(parts[2]).toMatch(/^text:You are the critic\.\n\n.*\n\n--- Drafter ---\nWrite a haiku$/s);
    expect(parts.slice(3)).toEqual([`agent:${third.id}`, 'text:Write a haiku']);
    expect(updates(events)).toEqual([second.id, third.id]);
    // Each hand-over names the agent, so the answer says who spoke without looking agents up.
    expect(content[1]!.agent_update).toMatchObject({ index: 1, agentId: second.id, agentName: 'Critic' });
    expect(final.responseMessage.sender).toBe('Drafter');
    const [, saved] = await messagesOf(f.server.ctx.db, final.conversation.conversationId);
    expect(saved!.content).toEqual(content);
  });

  it('keeps the chain in the agent’s versions: a change of order is a version, and a revert restores it', async () => {
    const x = await create(user, { name: 'X' });
    const y = await create(user, { name: 'Y' });
    const a = await create(user, { name: 'Versioned', agent_ids: [x.id, y.id] });
    const swapped = await agents().update(user, a.id, { agent_ids: [y.id, x.id] });
    expect(swapped).toMatchObject({ version: 2, agent_ids: [y.id, x.id] });
    // The same chain again changes nothing, so makes no version.
    expect((await agents().update(user, a.id, { agent_ids: [y.id, x.id] })).version).toBe(2);
    const versions = await agents().versions(user, a.id);
    expect(versions.map((v) => v.agent_ids)).toEqual(
      expect.arrayContaining([
        [x.id, y.id],
        [y.id, x.id],
      ]),
    );
    const reverted = await agents().ok<{ version: number; agent_ids: string[] }>(
      await agents().call(user, 'POST', `/api/agents/${a.id}/revert`, { version: 1 }),
    );
    expect(reverted).toMatchObject({ version: 3, agent_ids: [x.id, y.id] });
  });

  it('gives each agent its own recursion limit', async () => {
    // One step each: under one limit for the whole chain, B would already be past it.
    const b = await create(user, { name: 'B', recursion_limit: 1 });
    const c = await create(user, { name: 'C', recursion_limit: 1 });
    const a = await create(user, { name: 'A', agent_ids: [b.id, c.id], recursion_limit: 1 });
    const final = (await (await chat(user, a.id, 'limits')).rest()).at(-1)!.data;
    expect(final.error, JSON.stringify(final)).toBeUndefined();
    expect(outline(final.responseMessage.content)).toEqual([
      'text:limits',
      `agent:${b.id}`,
      'text:limits',
      `agent:${c.id}`,
      'text:limits',
    ]);
  });

  it('stop during a chained agent ends the whole chain and saves what was written', async () => {
    const talker = await create(user, { name: 'Talker', model: 'slow' });
    const after = await create(user, { name: 'Never' });
    const a = await create(user, { name: 'Opener', agent_ids: [talker.id, after.id] });
    const stream = await chat(user, a.id, 'stop me');
    const created = (await stream.next())!.data.message;
    // Wait until the slow agent has written something, then stop.
    await stream.until((e) => e.data.event === 'on_agent_update');
    let read = 0;
    await stream.until(() => ++read === 5);
    const final = await stopChat(f.server, user.token, created.conversationId);
    expect(final.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });
    const parts = outline(final.responseMessage.content);
    expect(parts.slice(0, 2)).toEqual(['text:stop me', `agent:${talker.id}`]);
    expect(parts[2]).toMatch(/^text:Sentence 1 /);
    expect(parts[2]!.length).toBeLessThan(300);
    expect(parts).toHaveLength(3);
    await stream.rest();
    const [, saved] = await messagesOf(f.server.ctx.db, created.conversationId);
    expect(outline(saved!.content as ContentPart[])).toEqual(parts);
    expect(saved!.unfinished).toBe(false);
  });

  it('an agent that fails ends the chain with an error part, keeping the earlier answers', async () => {
    const broken = await create(user, { name: 'Broken', model: 'error-500' });
    const after = await create(user, { name: 'Never' });
    const a = await create(user, { name: 'Starter', agent_ids: [broken.id, after.id] });
    const last = (await (await chat(user, a.id, 'fail later')).rest()).at(-1)!;
    expect(last.event).toBe('error');
    const [, saved] = await messagesOf(f.server.ctx.db, last.data.conversationId);
    const parts = outline(saved!.content as ContentPart[]);
    expect(parts.slice(0, 2)).toEqual(['text:fail later', `agent:${broken.id}`]);
    expect(parts[2]).toMatch(/^error:/);
    expect(parts).toHaveLength(3);
    expect(saved!.finishReason).toBe('error');
  });

  it('runs each agent once when the chain names itself or two agents name each other', async () => {
    const a = await create(user, { name: 'Ping' });
    const b = await create(user, { name: 'Pong', agent_ids: [a.id] });
    await agents().update(user, a.id, { agent_ids: [b.id, a.id].filter((id) => id !== a.id) });
    const selfish = await create(user, { name: 'Self' });
    // An agent may list itself (its id exists once created); the run leaves it out.
    await agents().update(user, selfish.id, { agent_ids: [selfish.id] });

    const looped = (await (await chat(user, a.id, 'loop')).rest()).at(-1)!.data;
    expect(looped.error).toBeUndefined();
    expect(outline(looped.responseMessage.content)).toEqual(['text:loop', `agent:${b.id}`, 'text:loop']);
    const alone = (await (await chat(user, selfish.id, 'me')).rest()).at(-1)!.data;
    expect(outline(alone.responseMessage.content)).toEqual(['text:me']);
  });
});

describe('agents the caller cannot see', () => {
  it('refuses to save a chain naming another person’s private agent, the same as a missing one', async () => {
    const hidden = await create(other, { name: 'Private' });
    for (const id of [hidden.id, 'agent_doesnotexist']) {
      const res = await f.server.api('/api/agents', {
        method: 'POST',
        token: user.token,
        json: agentBody({ agent_ids: [id] }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toBe(`Unknown agent: ${id}`);
      expect(JSON.stringify(body)).toContain('agent_ids.0');
    }
  });

  it('a run whose chain reaches an agent the caller cannot see ends there with an error part', async () => {
    // An admin may share with everyone; the agent it hands over to stays the admin's own.
    const admin = await createTestUser(f.server, { role: 'ADMIN', name: 'Admin' });
    const mine = await create(admin, { name: 'Mine, private' });
    const shared = await create(admin, { name: 'Shared', agent_ids: [mine.id] });
    await agents().shareToAll(admin, shared.id);
    const last = (await (await chat(other, shared.id, 'hi')).rest()).at(-1)!;
    expect(last.event).toBe('error');
    const [, saved] = await messagesOf(f.server.ctx.db, last.data.conversationId);
    // The shared agent answered; the private one's name is not shown to the other user.
    const content = saved!.content as ContentPart[];
    expect(outline(content)).toEqual([
      'text:hi',
      `agent:${mine.id}`,
      `error:${unavailableAgentMessage(mine.id)}`,
    ]);
    expect(content[1]!.agent_update).not.toHaveProperty('agentName');
    // Its author runs the whole chain.
    const final = (await (await chat(admin, shared.id, 'mine')).rest()).at(-1)!.data;
    expect(outline(final.responseMessage.content)).toEqual(['text:mine', `agent:${mine.id}`, 'text:mine']);
  });

  it('treats a chained agent deleted since as one the caller cannot use', async () => {
    const gone = await create(user, { name: 'Gone' });
    const a = await create(user, { name: 'Left behind', agent_ids: [gone.id] });
    expect(
      (await f.server.api(`/api/agents/${gone.id}`, { method: 'DELETE', token: user.token })).status,
    ).toBe(200);
    const last = (await (await chat(user, a.id, 'hi')).rest()).at(-1)!;
    expect(last.event).toBe('error');
    const [, saved] = await messagesOf(f.server.ctx.db, last.data.conversationId);
    expect(outline(saved!.content as ContentPart[])).toEqual([
      'text:hi',
      `agent:${gone.id}`,
      `error:${unavailableAgentMessage(gone.id)}`,
    ]);
  });

  it('refuses to add another person’s private agent to one’s chain by update, too', async () => {
    const hidden = await create(other, { name: 'Private too' });
    const mine = await create(user, { name: 'Editor' });
    const res = await agents().call(user, 'PATCH', `/api/agents/${mine.id}`, { agent_ids: [hidden.id] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(`Unknown agent: ${hidden.id}`);
    expect((await agents().get(user, mine.id)).agent_ids).toEqual([]);
  });
});

describe('bad agent_ids', () => {
  const ids = Array.from({ length: 11 }, (_, i) => `agent_x${i}`);
  it.each([
    ['not a list', 'agent_abc', 'agent_ids must be a list'],
    ['not an id', ['../etc/passwd'], 'not an agent id'],
    ['a number', [42], 'agent_ids must list agent ids'],
    ['a repeat', ['agent_a1', 'agent_a1'], 'agent_ids names an agent twice'],
    ['too many', ids, 'at most 10 agents in a chain'],
    ['huge', Array.from({ length: 5000 }, (_, i) => `agent_h${i}`), 'at most 10 agents in a chain'],
    ['a huge id', [`agent_${'a'.repeat(10_000)}`], 'not an agent id'],
    ['an object', { 0: 'agent_a1' }, 'agent_ids must be a list'],
  ])('%s is a 400', async (_label, agentIds, message) => {
    const res = await f.server.api('/api/agents', {
      method: 'POST',
      token: user.token,
      json: agentBody({ agent_ids: agentIds }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });
});
