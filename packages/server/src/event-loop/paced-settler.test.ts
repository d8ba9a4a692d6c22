import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { PacedSettler } from './paced-settler.ts';
import { TurnBudget } from './turn-budget.ts';

/** Runs the event loop until `done` holds, counting settled items per turn (one setImmediate per turn). */
async function settledPerTurn(settled: () => number, done: () => boolean): Promise<number[]> {
  const perTurn: number[] = [];
  let seen = settled();
  while (!done()) {
    await new Promise((resolve) => setImmediate(resolve));
    perTurn.push(settled() - seen);
    seen = settled();
  }
  return perTurn;
}

describe('PacedSettler', () => {
  it('settles items in order, all of them', async () => {
    const got: number[] = [];
    const settler = new PacedSettler<number>((n) => got.push(n), new TurnBudget(5));
    settler.push([1, 2, 3]);
    settler.push([4]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual([1, 2, 3, 4]);
    expect(settler.waiting).toBe(0);
  });

  it('stops for the turn once the work that followed the settled items used the budget', async () => {
    // A clock that only moves when the follow-up work of an item runs: 3 ms each.
    let clock = 0;
    let settled = 0;
    const settler = new PacedSettler<number>(
      () => {
        settled++;
        // The follow-up runs a few microtasks later, as code awaiting a reply does.
        void Promise.resolve()
          .then(() => undefined)
          .then(() => (clock += 3));
      },
      new TurnBudget(5, () => clock),
    );
    settler.push(Array.from({ length: 12 }, (_, i) => i));
    // The first turn: 0 → 3 → 6 ms: two items, then the rest waits (it did all 12 at once before).
    expect(settled).toBe(1);
    const perTurn = await settledPerTurn(
      () => settled,
      () => settler.waiting === 0 && settled === 12,
    );
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(2);
    expect(settled).toBe(12);
  });

  it('shares the budget between the messages delivered in one turn', async () => {
    let clock = 0;
    let settled = 0;
    const settler = new PacedSettler<number>(
      () => {
        settled++;
        void Promise.resolve().then(() => (clock += 3));
      },
      new TurnBudget(5, () => clock),
    );
    // Twelve messages of one item each, all waiting when the loop gets to them (as the database
    // thread's replies are): Node.js delivers them one after another in the same turn.
    const { port1, port2 } = new MessageChannel();
    port2.on('message', (n: number) => settler.push([n]));
    for (let i = 0; i < 12; i++) port1.postMessage(i);
    const perTurn = await settledPerTurn(
      () => settled,
      () => settled === 12 && settler.waiting === 0,
    );
    port1.close();
    expect(settled).toBe(12);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(4);
  });

  it('reads the clock only after the whole follow-up of an item ran, however many awaits deep', async () => {
    let clock = 0;
    let settled = 0;
    const settler = new PacedSettler<number>(
      () => {
        settled++;
        let chain = Promise.resolve();
        for (let i = 0; i < 20; i++) chain = chain.then(() => undefined);
        void chain.then(() => (clock += 10));
      },
      new TurnBudget(5, () => clock),
    );
    settler.push([1, 2, 3, 4]);
    const perTurn = await settledPerTurn(
      () => settled,
      () => settled === 4 && settler.waiting === 0,
    );
    // Each item's work alone exceeds the budget: one item per turn.
    expect(perTurn.every((n) => n <= 1)).toBe(true);
  });
});
