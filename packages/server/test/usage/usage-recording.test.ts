import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, balanceTransactions, usageDaily } from '../../src/db/schema/index.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf } from '../chat/sse-client.ts';

const MEMORY_YAML = `
memory:
  tokenLimit: 200
  agent:
    provider: Sim
    model: memory
`;
const BALANCE_YAML = `
balance:
  enabled: true
  startBalance: 1000000
  prices:
    default: { prompt: 1, completion: 2 }
`;

/** One exchange in a new conversation; waits for its title and its memory step to end. */
async function exchangeAndWait(chat: ChatFixture, text: string) {
  const final = finalOf(await (await chat.send({ text })).rest()) as {
    conversation: { conversationId: string };
    responseMessage: { messageId: string };
  };
  const { conversationId } = final.conversation;
  const { messageId } = final.responseMessage;
  const token = chat.alice.token;
  await chat.server.api('/api/convos/gen_title', { method: 'POST', token, json: { conversationId } });
  const memory = await jsonOf(
    await chat.server.api(`/api/messages/${conversationId}/${messageId}/memory`, { token }),
  );
  expect(memory.pending).toBe(false);
  return { conversationId, messageId };
}

describe('usage of every model call, balances on', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: MEMORY_YAML + BALANCE_YAML });
  }, 180_000);
  afterAll(() => chat.stop());

  it('charges the title and the memory step to the balance, besides the answer (they were never charged)', async () => {
    const { messageId } = await exchangeAndWait(chat, 'Please remember that my city is Paris.');
    const db = chat.server.ctx.db;
    const rows = await db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, chat.alice.id));
    const answer = rows.filter((r) => r.holdId);
    const withoutHold = rows.filter((r) => !r.holdId && r.messageId === messageId);
    expect(answer).toHaveLength(2);
    // The memory step's call (model "memory") and the title's: prompt and completion each.
    expect(
      withoutHold
        .filter((r) => r.model === 'memory')
        .map((r) => r.tokenType)
        .sort(),
    ).toEqual(['completion', 'prompt']);
    expect(withoutHold.filter((r) => r.model !== 'memory')).toHaveLength(2);
    for (const r of withoutHold) expect(r.tokenValue).toBeLessThanOrEqual(0);
    expect(withoutHold.some((r) => r.tokenValue < 0)).toBe(true);
    const spent = -rows.reduce((s, r) => s + r.tokenValue, 0);
    const [balance] = await db.select().from(balances).where(eq(balances.userId, chat.alice.id));
    expect(balance!.tokenCredits).toBeCloseTo(1_000_000 - spent, 6);
    // The day's roll-up counts the three calls.
    const daily = await db.select().from(usageDaily).where(eq(usageDaily.userId, chat.alice.id));
    expect(daily.reduce((s, r) => s + r.messages, 0)).toBe(3);
    expect(daily.reduce((s, r) => s + r.cost, 0)).toBeCloseTo(spent, 6);
  });
});

describe('usage of every model call, balances off (the default)', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: MEMORY_YAML });
  }, 180_000);
  afterAll(() => chat.stop());

  it('records the answer, the title and the memory step with no balance', async () => {
    await exchangeAndWait(chat, 'Please remember that my city is Rome.');
    const db = chat.server.ctx.db;
    const daily = await db.select().from(usageDaily).where(eq(usageDaily.userId, chat.alice.id));
    expect(daily.reduce((s, r) => s + r.messages, 0)).toBe(3);
    expect(daily.every((r) => r.promptTokens > 0)).toBe(true);
    expect(await db.select().from(balances)).toHaveLength(0);
  });
});

describe('transactions.enabled: false', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: `${MEMORY_YAML}\ntransactions:\n  enabled: false\n` });
  }, 180_000);
  afterAll(() => chat.stop());

  it('records nothing', async () => {
    await exchangeAndWait(chat, 'Please remember that my city is Oslo.');
    const db = chat.server.ctx.db;
    expect(await db.select().from(usageDaily)).toHaveLength(0);
    expect(await db.select().from(balanceTransactions)).toHaveLength(0);
  });
});
