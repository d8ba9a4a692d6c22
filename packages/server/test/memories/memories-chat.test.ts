import type { ReceivedRequest } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_PROMPT_HEADING } from '../../src/services/memories/memory-prompt.ts';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';

/** The system prompt of the last chat request the simulator received. */
function systemPromptOf(request: ReceivedRequest | undefined): string | undefined {
  const messages = (request?.body as { messages?: { role: string; content: unknown }[] })?.messages ?? [];
  const system = messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : undefined;
}

describe('memories in the model context', () => {
  let chat: ChatFixture;
  const received: ReceivedRequest[] = [];
  const ask = async (token: string, extra: Record<string, unknown> = {}) => {
    received.length = 0;
    await (await chat.send({ text: 'what do you know?', ...extra }, { token })).rest();
    // The answer's request (title requests of new conversations go to the `title` model).
    const answer = received.find((r) => (r.body as { model?: string })?.model === 'echo');
    expect(answer, 'the answer was requested').toBeDefined();
    return systemPromptOf(answer);
  };

  beforeAll(async () => {
    chat = await startChatFixture({ onSimRequest: (r) => received.push(r) });
    const { server, alice, bob } = chat;
    await server.api('/api/memories', {
      method: 'POST',
      token: alice.token,
      json: { key: 'name', value: 'Alice Doe' },
    });
    await server.api('/api/memories', {
      method: 'POST',
      token: bob.token,
      json: { key: 'name', value: 'Bob Roe' },
    });
  });
  afterAll(() => chat.stop());

  it("adds the user's own memories after the system prompt, and only theirs", async () => {
    const prompt = await ask(chat.alice.token, { promptPrefix: 'Be brief.' });
    expect(prompt).toMatch(/^Be brief\.\n\n# What you remember about the user\n/);
    expect(prompt).toContain('- name: Alice Doe');
    expect(prompt).not.toContain('Bob Roe');
    expect(await ask(chat.bob.token)).toContain('- name: Bob Roe');
  });

  it('leaves them out when the user turns personalization off or the role may not use memories', async () => {
    const { server, alice } = chat;
    await server.api('/api/memories/preferences', {
      method: 'PATCH',
      token: alice.token,
      json: { memories: false },
    });
    expect(await ask(alice.token)).toBeUndefined();
    await server.api('/api/memories/preferences', {
      method: 'PATCH',
      token: alice.token,
      json: { memories: true },
    });
    expect(await ask(alice.token)).toContain(MEMORY_PROMPT_HEADING);

    await updateRolePermissions(server.ctx.db, 'USER', 'MEMORIES', { USE: false });
    try {
      expect(await ask(alice.token)).toBeUndefined();
    } finally {
      await updateRolePermissions(server.ctx.db, 'USER', 'MEMORIES', { USE: true });
    }
  });

  // A chat reuses the memories it read for a few seconds; a change through the API must reach
  // the very next chat all the same.
  it('sees a memory added, changed or deleted just before the next chat', async () => {
    const { server, bob } = chat;
    expect(await ask(bob.token)).not.toContain('likes tea');
    await server.api('/api/memories', {
      method: 'POST',
      token: bob.token,
      json: { key: 'drink', value: 'likes tea' },
    });
    expect(await ask(bob.token)).toContain('- drink: likes tea');
    await server.api('/api/memories/drink', {
      method: 'PATCH',
      token: bob.token,
      json: { value: 'likes coffee' },
    });
    expect(await ask(bob.token)).toContain('- drink: likes coffee');
    await server.api('/api/memories/drink', { method: 'DELETE', token: bob.token });
    expect(await ask(bob.token)).not.toContain('drink:');
  });
});
