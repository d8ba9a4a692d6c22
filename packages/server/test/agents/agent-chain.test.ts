// Agent chains through the agents endpoint against the simulator: an agent hands over to the
// agents it names (`agent_ids`), each announced by an `agent_update` part carrying its id; later
// agents see what earlier ones wrote; one recursion limit holds for the whole chain; agents the
// caller cannot see are treated as missing; a chain that names itself or loops back ends.
import { NO_PARENT, type ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recursionLimitMessage } from '../../src/services/tools/tool-loop.ts';
import { messagesOf } from '../chat/chat-fixture.ts';
import { openStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentBody, agentClient } from './agent-client.ts';

let f: ProviderFixture;
let user: TestUser;
let other: TestUser;
const agents = () => agentClient(f.server);

beforeAll(async () => {
  f = await startProviderFixture({
    env: (url) => ({ ...providerEnv(url), OPENAI_MODELS: 'echo,echo-system' }),
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
    expect(final.responseMessage.sender).toBe('Drafter');
    const [, saved] = await messagesOf(f.server.ctx.db, final.conversation.conversationId);
    expect(saved!.content).toEqual(content);
  });

  it('counts every agent’s steps against one recursion limit', async () => {
    const b = await create(user, { name: 'B' });
    const c = await create(user, { name: 'C' });
    const a = await create(user, { name: 'A', agent_ids: [b.id, c.id], recursion_limit: 2 });
    const last = (await (await chat(user, a.id, 'limits')).rest()).at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data.text).toBe(recursionLimitMessage(2));
    const [, saved] = await messagesOf(f.server.ctx.db, last.data.conversationId);
    // A and B answered (one step each); C's first step is past the limit, and what was written is kept.
    expect(outline(saved!.content as ContentPart[])).toEqual([
      'text:limits',
      `agent:${b.id}`,
      'text:limits',
      `agent:${c.id}`,
      `error:${recursionLimitMessage(2)}`,
    ]);
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

  it('refuses a run whose chain reaches an agent the caller cannot see, before anything is saved', async () => {
    // An admin may share with everyone; the agent it hands over to stays the admin's own.
    const admin = await createTestUser(f.server, { role: 'ADMIN', name: 'Admin' });
    const mine = await create(admin, { name: 'Mine, private' });
    const shared = await create(admin, { name: 'Shared', agent_ids: [mine.id] });
    await agents().shareToAll(admin, shared.id);
    const res = await f.server.api('/api/agents/chat/agents', {
      method: 'POST',
      token: other.token,
      json: {
        text: 'hi',
        parentMessageId: NO_PARENT,
        conversationId: null,
        endpoint: 'agents',
        agent_id: shared.id,
      },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      `An agent this agent hands over to was not found: ${mine.id}`,
    );
    // Its author runs the whole chain.
    const final = (await (await chat(admin, shared.id, 'mine')).rest()).at(-1)!.data;
    expect(outline(final.responseMessage.content)).toEqual(['text:mine', `agent:${mine.id}`, 'text:mine']);
  });

  it('treats a chained agent deleted since as missing', async () => {
    const gone = await create(user, { name: 'Gone' });
    const a = await create(user, { name: 'Left behind', agent_ids: [gone.id] });
    expect(
      (await f.server.api(`/api/agents/${gone.id}`, { method: 'DELETE', token: user.token })).status,
    ).toBe(200);
    const res = await f.server.api('/api/agents/chat/agents', {
      method: 'POST',
      token: user.token,
      json: {
        text: 'hi',
        parentMessageId: NO_PARENT,
        conversationId: null,
        endpoint: 'agents',
        agent_id: a.id,
      },
    });
    expect(res.status).toBe(404);
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
