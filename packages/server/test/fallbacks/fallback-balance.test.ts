import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceReservations, balanceTransactions } from '../../src/db/schema/index.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { BAD } from './fallback-env.ts';

let f: ProviderFixture;
beforeAll(async () => {
  f = await startProviderFixture({
    env: (url) => ({
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_REVERSE_PROXY: `${url}/v1`,
      OPENAI_MODELS: `a/${BAD},gpt-4o-mini`,
      TITLE_CONVO: 'false',
    }),
    yaml: () => `
version: 1.2.8
balance:
  enabled: true
  startBalance: 100000
  reserveCompletionTokens: 50
  prices:
    default: { prompt: 10, completion: 10 }
    gpt-4o-mini: { prompt: 1, completion: 2 }
fallbacks:
  - from: openAI/a/${BAD}
    to: [openAI/gpt-4o-mini]
`,
  });
});
afterAll(() => f.stop());

describe('a fallback with balances on', () => {
  it("is charged at the fallback model's price, and no hold is left behind", async () => {
    const credits = async () =>
      (
        (await (await f.server.api('/api/balance', { token: f.user.token })).json()) as {
          tokenCredits: number;
        }
      ).tokenCredits;
    const before = await credits();
    const final = finalOf(await f.chat('openAI', { text: 'charged for what answered', model: `a/${BAD}` }));
    const answer = final.responseMessage;
    expect(answer).toMatchObject({
      model: 'gpt-4o-mini',
      fallbackFrom: [{ model: `a/${BAD}`, status: 429 }],
    });
    const { promptTokens, completionTokens, cost } = answer.figures;
    expect(cost).toBeCloseTo(promptTokens * 1 + completionTokens * 2, 6);
    expect(await credits()).toBeCloseTo(before - cost, 6);
    const charges = await f.server.ctx.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.messageId, answer.messageId));
    expect(new Set(charges.map((c) => c.model))).toEqual(new Set(['gpt-4o-mini']));
    expect(
      await f.server.ctx.db
        .select()
        .from(balanceReservations)
        .where(eq(balanceReservations.messageId, answer.messageId)),
    ).toEqual([]);
  });
});
