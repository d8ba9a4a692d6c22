import { balanceAnswerSchema, NO_PARENT, type BalanceAnswer } from '@parley/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceReservations,
  balanceTransactions,
  balances,
  conversations,
} from '../../src/db/schema/index.ts';
import { BalanceService } from '../../src/services/balance/balance-service.ts';
import { BudgetService } from '../../src/services/balance/budget-service.ts';
import { UsageMeter } from '../../src/services/balance/usage-meter.ts';
import { balanceSettings } from '../../src/services/balance/balance-settings.ts';
import { adjustBalance, holdCredits } from '../../src/services/balance/balance-store.ts';
import { SIM_ENDPOINT, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

const BALANCE_YAML = `balance:
  enabled: true
  startBalance: 20000
  autoRefillEnabled: true
  refillIntervalValue: 30
  refillIntervalUnit: days
  refillAmount: 10000
  reserveCompletionTokens: 50
  prices:
    echo: { prompt: 1, completion: 2 }
`;

/** The `final` event's data in a whole SSE body. */
function finalOf(body: string): { responseMessage: unknown } | undefined {
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = JSON.parse(line.slice(6)) as { final?: boolean; responseMessage: unknown };
    if (data.final) return data;
  }
  return undefined;
}

describe('balances off (the default)', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture();
  });
  afterAll(() => chat.stop());

  it('GET /api/balance answers 404 with a message, /api/config says balances are off, chat charges nothing', async () => {
    const res = await chat.server.api('/api/balance', { token: chat.alice.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Balances are not enabled on this server.' });
    const config = (await (await chat.server.api('/api/config')).json()) as { balance: { enabled: boolean } };
    expect(config.balance).toMatchObject({ enabled: false, startBalance: 20000, refillAmount: 10000 });
    const events = await (await chat.send({ text: 'free of charge' })).rest();
    const final = events.find((e) => e.data?.final)!.data;
    expect(final.responseMessage.figures).toMatchObject({
      promptTokens: expect.any(Number),
      completionTokens: expect.any(Number),
    });
    expect(final.responseMessage.figures.cost).toBeUndefined();
    expect(await chat.server.ctx.db.select().from(balances)).toHaveLength(0);
  });
});

describe('balances on', () => {
  let chat: ChatFixture;
  const db = () => chat.server.ctx.db;
  const settings = () => balanceSettings(chat.server.ctx.config.yaml);
  const balanceOf = async (user: TestUser): Promise<BalanceAnswer> => {
    const res = await chat.server.api('/api/balance', { token: user.token });
    expect(res.status).toBe(200);
    return balanceAnswerSchema.parse(await res.json());
  };
  /** A new conversation's request, answered as a whole (an SSE body or a refusal's JSON). */
  const post = (user: TestUser, text: string) =>
    chat.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
      method: 'POST',
      token: user.token,
      json: { text, model: 'echo', endpoint: SIM_ENDPOINT, conversationId: null, parentMessageId: NO_PARENT },
    });
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: BALANCE_YAML });
  });
  afterAll(() => chat.stop());

  it('starts at the start balance with the refill settings; /api/config carries the section', async () => {
    const user = await createTestUser(chat.server);
    const answer = await balanceOf(user);
    expect(answer).toMatchObject({
      tokenCredits: 20000,
      autoRefillEnabled: true,
      refillIntervalValue: 30,
      refillIntervalUnit: 'days',
      refillAmount: 10000,
      recentSpend: [],
      recentDays: 30,
    });
    expect(Date.now() - new Date(answer.lastRefill!).getTime()).toBeLessThan(60_000);
    const config = (await (await chat.server.api('/api/config')).json()) as { balance: unknown };
    expect(config.balance).toEqual({
      enabled: true,
      startBalance: 20000,
      autoRefillEnabled: true,
      refillIntervalValue: 30,
      refillIntervalUnit: 'days',
      refillAmount: 10000,
    });
  });

  it('charges an answer once, with its figures: the balance moves by the cost, the transactions record it', async () => {
    const before = (await balanceOf(chat.alice)).tokenCredits;
    const events = await (await chat.send({ text: 'how much is this?' })).rest();
    const answer = events.find((e) => e.data?.final)!.data.responseMessage;
    const figures = answer.figures as {
      promptTokens: number;
      completionTokens: number;
      timeToFirstTokenMs: number;
      cost: number;
    };
    expect(figures.promptTokens).toBeGreaterThan(0);
    expect(figures.completionTokens).toBeGreaterThan(0);
    expect(figures.timeToFirstTokenMs).toBeGreaterThanOrEqual(0);
    expect(figures.cost).toBeCloseTo(figures.promptTokens * 1 + figures.completionTokens * 2, 6);
    const after = await balanceOf(chat.alice);
    expect(after.tokenCredits).toBeCloseTo(before - figures.cost!, 6);
    const rows = await db()
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.messageId, answer.messageId));
    expect(rows.map((r) => r.tokenType).sort()).toEqual(['completion', 'prompt']);
    expect(rows.reduce((s, r) => s + r.tokenValue, 0)).toBeCloseTo(-figures.cost!, 6);
    expect(await db().select().from(balanceReservations)).toHaveLength(0);
    expect(after.recentSpend).toEqual([
      expect.objectContaining({ model: 'echo', answers: 1, credits: expect.closeTo(figures.cost!, 6) }),
    ]);
    // The saved answer keeps its figures.
    const saved = (await (
      await chat.server.api(`/api/messages/${answer.conversationId}`, { token: chat.alice.token })
    ).json()) as { messageId: string; figures?: unknown }[];
    expect(saved.find((m) => m.messageId === answer.messageId)?.figures).toEqual(figures);
  });

  it('refuses a request the balance does not cover with token_balance and its fields, saving nothing', async () => {
    const user = await createTestUser(chat.server);
    await adjustBalance(db(), user.id, settings(), { to: 5 });
    const res = await post(user, 'this costs more than five credits');
    expect(res.status).toBe(402);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'token_balance',
      code: 'token_balance',
      balance: 5,
      promptTokens: expect.any(Number),
      tokenCost: expect.any(Number),
    });
    expect(body.message).toMatch(/^Insufficient Funds! Balance: 5\. Prompt tokens: \d+\. Cost: [\d.]+\.$/);
    expect(await db().select().from(conversations).where(eq(conversations.userId, user.id))).toHaveLength(0);
    expect((await balanceOf(user)).tokenCredits).toBe(5);
  });

  it('100 concurrent sends covering about 10: never negative, each answer charged once, the rest refused', async () => {
    const user = await createTestUser(chat.server);
    const service = new BalanceService(db(), settings(), new UsageMeter(true), new BudgetService(db(), true));
    // What one request holds: its prompt plus the reserved completion.
    const text = 'one of a hundred';
    const probe = await chat.send({ text }, { token: chat.bob.token });
    const probeFinal = (await probe.rest()).find((e) => e.data?.final)!.data.responseMessage;
    const hold = service.estimate({ prompt: 1, completion: 2 }, probeFinal.figures.promptTokens);
    await adjustBalance(db(), user.id, settings(), { to: hold * 10.5 });
    const start = (await balanceOf(user)).tokenCredits;

    const results = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await post(user, text);
        if (res.status !== 200) return { status: res.status, body: (await res.json()) as { type?: string } };
        const final = finalOf(await res.text());
        return {
          status: 200,
          answer: final?.responseMessage as {
            messageId: string;
            conversationId: string;
            figures: { cost: number };
          },
        };
      }),
    );
    const answered = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    // Ten holds always fit; answers settle for less than their hold, which lets a few more in,
    // but never more than the balance pays for.
    const cost = probeFinal.figures.cost as number;
    expect(answered.length).toBeGreaterThanOrEqual(10);
    expect(answered.length).toBeLessThanOrEqual(Math.floor(start / cost));
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(402);
      expect(r.body).toMatchObject({ type: 'token_balance' });
    }
    for (const r of answered) expect(r.answer?.figures.cost).toBeGreaterThan(0);

    // Each new conversation's title is charged too (with no hold): wait until they are made.
    for (const r of answered)
      await chat.server.api('/api/convos/gen_title', {
        method: 'POST',
        token: user.token,
        json: { conversationId: r.answer!.conversationId },
      });
    const rows = await db().select().from(balanceTransactions).where(eq(balanceTransactions.userId, user.id));
    const charged = rows.filter((r) => r.holdId);
    expect(new Set(charged.map((r) => r.messageId)).size).toBe(answered.length);
    expect(charged).toHaveLength(answered.length * 2);
    const answersSpent = -charged.reduce((s, r) => s + r.tokenValue, 0);
    const end = (await balanceOf(user)).tokenCredits;
    // Titles are taken from what the answers left, stopping at zero.
    expect(end).toBeGreaterThanOrEqual(0);
    expect(end).toBeLessThanOrEqual(start - answersSpent + 1e-6);
    expect(answersSpent).toBeCloseTo(
      answered.reduce((s, r) => s + r.answer!.figures.cost, 0),
      6,
    );
    expect(
      await db().select().from(balanceReservations).where(eq(balanceReservations.userId, user.id)),
    ).toHaveLength(0);
  });

  it('refills once when the interval has passed, even when asked twice at once', async () => {
    const user = await createTestUser(chat.server);
    await balanceOf(user);
    await db()
      .update(balances)
      .set({ lastRefill: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(balances.userId, user.id));
    const [a, b] = await Promise.all([balanceOf(user), balanceOf(user)]);
    expect(a.tokenCredits).toBe(30000);
    expect(b.tokenCredits).toBe(30000);
    const refills = await db()
      .select()
      .from(balanceTransactions)
      .where(sql`${balanceTransactions.userId} = ${user.id} and ${balanceTransactions.tokenType} = 'refill'`);
    expect(refills).toHaveLength(1);
    expect((await balanceOf(user)).tokenCredits).toBe(30000);
  });

  it('gives back the hold of an answer that was never saved', async () => {
    const user = await createTestUser(chat.server);
    const service = new BalanceService(db(), settings(), new UsageMeter(true), new BudgetService(db(), true));
    await service.current(user.id);
    expect(
      await holdCredits(db(), {
        userId: user.id,
        messageId: crypto.randomUUID(),
        amount: 500,
        promptTokens: 10,
      }),
    ).toBe(true);
    expect((await balanceOf(user)).tokenCredits).toBe(19500);
    expect(await service.refundOrphanedHolds(new Date(), true)).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(user)).tokenCredits).toBe(20000);
  });

  it('GET /api/balance needs a session; another user never sees your spend', async () => {
    expect((await chat.server.api('/api/balance')).status).toBe(401);
    const stranger = await createTestUser(chat.server);
    expect((await balanceOf(stranger)).recentSpend).toEqual([]);
  });
});
