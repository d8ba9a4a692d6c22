import type { ArtifactEditResult } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { insertMessage, json } from '../conversations/fixtures.ts';
import type { TestUser } from '../helpers/test-users.ts';
import { useMessageTestEnv } from './message-test-env.ts';

const block = (id: string, code: string) =>
  `:::artifact{identifier="${id}" type="text/html" title="${id}"}\n\`\`\`html\n${code}\n\`\`\`\n:::`;

describe('POST /api/messages/artifact/{messageId}', () => {
  const env = useMessageTestEnv();

  const post = (user: TestUser, messageId: string, body: unknown) =>
    env.server.api(`/api/messages/artifact/${messageId}`, { method: 'POST', token: user.token, json: body });

  it('replaces the code of the indexed artifact in the plain text and keeps the rest', async () => {
    const text = `Intro\n\n${block('a', '<p>one</p>')}\n\nMiddle\n\n${block('b', '<p>two</p>')}\n\nEnd`;
    const m = await insertMessage(env.server, env.alice.id, env.convoId, {
      sender: 'AI',
      isCreatedByUser: false,
      text,
    });
    const res = await post(env.alice, m.messageId, {
      index: 1,
      messageId: m.messageId,
      original: '<p>two</p>',
      updated: '<p>2</p>',
    });
    expect(res.status).toBe(200);
    const body = await json<ArtifactEditResult>(res);
    const expected = text.replace('<p>two</p>', '<p>2</p>');
    expect(body).toEqual({ conversationId: env.convoId, content: null, text: expected });
    expect((await env.stored(m.messageId)).text).toBe(expected);
  });

  it('counts artifacts across text parts and edits the part that holds it', async () => {
    const content = [
      { type: 'think', think: block('not-counted', 'x') },
      { type: 'text', text: `First ${'\n'}${block('a', 'A')}` },
      { type: 'tool_call', tool_call: { id: 't', name: 'calc', args: '{}', output: '1' } },
      { type: 'text', text: `${block('b', 'B')}\nafter` },
    ];
    const m = await insertMessage(env.server, env.alice.id, env.convoId, {
      sender: 'AI',
      isCreatedByUser: false,
      text: `${content[1]!.text}${content[3]!.text}`,
      content,
    });
    const body = await json<ArtifactEditResult>(
      await post(env.alice, m.messageId, { index: 1, original: 'B\n', updated: 'BB' }),
    );
    expect(body.content?.[3]).toEqual({ type: 'text', text: `${block('b', 'BB')}\nafter` });
    expect(body.content?.[1]).toEqual(content[1]);
    expect(body.content?.[0]).toEqual(content[0]);
    expect(body.text).toBe(`${content[1]!.text}${block('b', 'BB')}\nafter`);
    expect((await env.stored(m.messageId)).content).toEqual(body.content);
  });

  it('refuses an index without an artifact and an outdated original, changing nothing', async () => {
    const text = block('a', 'code');
    const m = await insertMessage(env.server, env.alice.id, env.convoId, {
      sender: 'AI',
      isCreatedByUser: false,
      text,
    });
    const outOfRange = await post(env.alice, m.messageId, { index: 3, original: 'code', updated: 'x' });
    expect(outOfRange.status).toBe(400);
    expect((await json<{ message: string }>(outOfRange)).message).toBe('Artifact index out of bounds');
    const stale = await post(env.alice, m.messageId, { index: 0, original: 'older code', updated: 'x' });
    expect(stale.status).toBe(400);
    expect((await json<{ message: string }>(stale)).message).toBe(
      'Original content not found in target artifact',
    );
    expect((await env.stored(m.messageId)).text).toBe(text);
  });

  it('answers 404 for another user’s message and an unknown one', async () => {
    const m = await insertMessage(env.server, env.alice.id, env.convoId, {
      sender: 'AI',
      isCreatedByUser: false,
      text: block('a', 'mine'),
    });
    expect((await post(env.bob, m.messageId, { index: 0, original: 'mine', updated: 'stolen' })).status).toBe(
      404,
    );
    expect(
      (await post(env.alice, 'no-such-message', { index: 0, original: 'mine', updated: 'x' })).status,
    ).toBe(404);
    expect((await env.stored(m.messageId)).text).toBe(block('a', 'mine'));
  });

  it('answers 400 for malformed bodies and 401 without a session', async () => {
    const m = await insertMessage(env.server, env.alice.id, env.convoId, {
      sender: 'AI',
      isCreatedByUser: false,
      text: block('a', 'c'),
    });
    for (const body of [
      {},
      { index: '0', original: 'c', updated: 'd' },
      { index: -1, original: 'c', updated: 'd' },
      { index: 0.5, original: 'c', updated: 'd' },
      { index: 0, original: ['c'], updated: 'd' },
      { index: 0, original: 'c' },
      { index: 0, original: 'c', updated: 'x'.repeat(1_000_001) },
    ]) {
      const res = await post(env.alice, m.messageId, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const anonymous = await env.server.api(`/api/messages/artifact/${m.messageId}`, {
      method: 'POST',
      json: { index: 0, original: 'c', updated: 'd' },
    });
    expect(anonymous.status).toBe(401);
  });
});
