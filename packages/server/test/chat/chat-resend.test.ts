import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.ts';
import { messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { finalOf } from './sse-client.ts';

// A user message sent again with the id the client gave it (a retry after a stream was cut before
// the client saw `created`) is answered, not saved a second time; only the sender's own message
// in the same place matches.
let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 1000 });
});
afterAll(() => f.stop());

const send = async (json: Record<string, unknown>, token?: string) =>
  finalOf(await (await f.send(json, token ? { token } : {})).rest());

async function rowsWithId(messageId: string) {
  return f.server.ctx.db.select().from(messages).where(eq(messages.messageId, messageId));
}

async function answersTo(messageId: string) {
  return (await f.server.ctx.db.select().from(messages).where(eq(messages.parentMessageId, messageId)))
    .length;
}

describe('a user message sent again with its id', () => {
  it("a new conversation's first message sent twice: one conversation, one user row, two answers", async () => {
    const messageId = randomUUID();
    const first = await send({ text: 'cut before created', messageId });
    expect(first.requestMessage.messageId).toBe(messageId);
    const again = await send({ text: 'cut before created', messageId });
    expect(again.requestMessage.messageId).toBe(messageId);
    expect(again.conversation.conversationId).toBe(first.conversation.conversationId);
    expect(again.responseMessage.text).toBe('cut before created');
    const rows = await messagesOf(f.server.ctx.db, first.conversation.conversationId);
    expect(rows.filter((r) => r.isCreatedByUser).map((r) => r.messageId)).toEqual([messageId]);
    expect(rows.filter((r) => r.parentMessageId === messageId)).toHaveLength(2);
  });

  it('a follow-up sent twice: one user row under the same parent, answered again', async () => {
    const root = await send({ text: 'root' });
    const { conversationId } = root.conversation;
    const messageId = randomUUID();
    const followUp = {
      text: 'follow-up',
      conversationId,
      parentMessageId: root.responseMessage.messageId,
      messageId,
    };
    await send(followUp);
    const again = await send(followUp);
    expect(again.requestMessage.messageId).toBe(messageId);
    expect(again.responseMessage.parentMessageId).toBe(messageId);
    const users = (await messagesOf(f.server.ctx.db, conversationId)).filter((r) => r.isCreatedByUser);
    expect(users.map((r) => r.text)).toEqual(['root', 'follow-up']);
  });

  it("another user's message id: a new message with an id of its own; the first user's is untouched", async () => {
    const messageId = randomUUID();
    const alices = await send({ text: 'mine', messageId });
    const bobs = await send({ text: 'mine', messageId }, f.bob.token);
    expect(bobs.requestMessage.messageId).not.toBe(messageId);
    expect(bobs.conversation.conversationId).not.toBe(alices.conversation.conversationId);
    const [alicesRow] = await rowsWithId(messageId);
    expect(alicesRow).toMatchObject({ userId: f.alice.id, text: 'mine' });
    const aliceRows = await messagesOf(f.server.ctx.db, alices.conversation.conversationId);
    expect(aliceRows).toHaveLength(2);
    const [bobsRow] = await rowsWithId(bobs.requestMessage.messageId);
    expect(bobsRow).toMatchObject({ userId: f.bob.id, conversationId: bobs.conversation.conversationId });
  });

  it("another user's id in a follow-up of their own conversation does not answer the first user's message", async () => {
    const messageId = randomUUID();
    await send({ text: 'alice asks', messageId });
    const bobRoot = await send({ text: 'bob root' }, f.bob.token);
    const bobs = await send(
      {
        text: 'alice asks',
        conversationId: bobRoot.conversation.conversationId,
        parentMessageId: bobRoot.responseMessage.messageId,
        messageId,
      },
      f.bob.token,
    );
    expect(bobs.requestMessage.messageId).not.toBe(messageId);
    const answersToAlice = await f.server.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.parentMessageId, messageId)));
    expect(answersToAlice.map((r) => r.userId)).toEqual([f.alice.id]);
  });

  it('the same id with another text or another parent is a new message, not a resend', async () => {
    const messageId = randomUUID();
    const first = await send({ text: 'original', messageId });
    const { conversationId } = first.conversation;
    const changed = await send({
      text: 'changed',
      conversationId,
      parentMessageId: NO_PARENT,
      messageId,
    });
    expect(changed.requestMessage.messageId).not.toBe(messageId);
    const elsewhere = await send({
      text: 'original',
      conversationId,
      parentMessageId: first.responseMessage.messageId,
      messageId,
    });
    expect(elsewhere.requestMessage.messageId).not.toBe(messageId);
    const users = (await messagesOf(f.server.ctx.db, conversationId)).filter((r) => r.isCreatedByUser);
    expect(users.map((r) => r.text).sort()).toEqual(['changed', 'original', 'original']);
  });

  it('the same first message with its id in another of their conversations is a new message there, not refused', async () => {
    const messageId = randomUUID();
    const first = await send({ text: 'same words', messageId });
    const other = await send({ text: 'another conversation' });
    const { conversationId } = other.conversation;
    const there = await send({ text: 'same words', conversationId, parentMessageId: NO_PARENT, messageId });
    expect(there.requestMessage.messageId).not.toBe(messageId);
    expect(there.conversation.conversationId).toBe(conversationId);
    expect(there.responseMessage.text).toBe('same words');
    const [row] = await rowsWithId(messageId);
    expect(row).toMatchObject({ conversationId: first.conversation.conversationId });
  });

  it('the same new message sent twice at once is saved once; the other request is refused, never a 500', async () => {
    const messageId = randomUUID();
    const streams = await Promise.all([
      f.send({ text: 'twice at once', messageId }),
      f.send({ text: 'twice at once', messageId }),
    ]);
    const statuses = streams.map((s) => s.response.status);
    for (const s of streams) await s.rest().catch(() => []);
    expect(statuses.every((status) => status === 200 || status === 409 || status === 429)).toBe(true);
    expect(statuses).toContain(200);
    const rows = await rowsWithId(messageId);
    expect(rows).toHaveLength(1);
    const users = (await messagesOf(f.server.ctx.db, rows[0]!.conversationId)).filter(
      (r) => r.isCreatedByUser,
    );
    expect(users).toHaveLength(1);
  });

  it('a first message sent again while its first send is still answered is refused as sent already', async () => {
    const messageId = randomUUID();
    // Long enough to still be streaming when it is sent again (echoed at 1000 tokens a second).
    const text = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    const first = await f.send({ text, messageId }, { resumable: true });
    const created = (await first.next())!;
    first.close();
    const again = await f.send({ text, messageId });
    expect(again.response.status).toBe(409);
    const rows = await rowsWithId(messageId);
    expect(rows).toHaveLength(1);
    expect(created.data).toBeTruthy();
    // The first answer goes on to its end, saved under the message.
    await expect
      .poll(async () => (await rowsWithId(messageId)).length + (await answersTo(messageId)), {
        timeout: 15_000,
      })
      .toBe(2);
  });

  it('an id that is not a UUID is replaced by the server', async () => {
    const sent = await send({ text: 'odd id', messageId: 'not-a-uuid' });
    expect(sent.requestMessage.messageId).not.toBe('not-a-uuid');
    expect(await rowsWithId('not-a-uuid')).toHaveLength(0);
  });
});
