import { describe, expect, it } from 'vitest';
import { TurnBudget } from '../../event-loop/turn-budget.ts';
import type { AnswerEvent } from '../generation/answer-event.ts';
import type { Provider, ProviderEvent } from '../providers/provider.ts';
import { toolLoop } from './tool-loop.ts';
import { SignInWaits } from './tool-sign-in.ts';

/**
 * A provider that answers four text events and a finish, noting in `log` when each is read; each
 * read moves `clock` on by `costMs`, as the model stream's parsing and the answer's handling do.
 */
function timedProvider(log: string[], clock: { now: number }, costMs: number): Provider {
  return {
    async *stream(): AsyncIterable<ProviderEvent> {
      for (let i = 0; i < 4; i++) {
        log.push(`event ${i}`);
        clock.now += costMs;
        yield { type: 'text', text: String(i) };
      }
      yield { type: 'finish', reason: 'stop', usage: { outputTokens: 4 } };
    },
    listModels: async () => [],
    complete: async () => '',
  };
}

async function run(provider: Provider, budget: TurnBudget): Promise<AnswerEvent[]> {
  const source = toolLoop({
    tools: [],
    recursionLimit: 5,
    userId: 'u',
    conversationId: 'c',
    credentials: async () => ({}),
    signInWaits: new SignInWaits(),
    budget,
  });
  const events: AnswerEvent[] = [];
  const call = { provider, model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], parameters: {} };
  for await (const event of source(call, new AbortController().signal)) events.push(event);
  return events;
}

describe('toolLoop and the event loop', () => {
  it('reads the next model event in a later turn once the turn budget is spent', async () => {
    const log: string[] = [];
    const clock = { now: 0 };
    // Queued before the run: it marks the end of the turn the run starts in.
    setImmediate(() => log.push('next turn'));
    const events = await run(timedProvider(log, clock, 3), new TurnBudget(5, () => clock.now));
    // 3 ms per event against a 5 ms budget: two events per turn, the rest wait for later turns.
    expect(log).toEqual(['event 0', 'event 1', 'next turn', 'event 2', 'event 3']);
    expect(events.map((e) => e.type)).toEqual(['text', 'text', 'text', 'text', 'finish']);
  });

  it('passes every event on in the same turn while the budget lasts', async () => {
    const log: string[] = [];
    const clock = { now: 0 };
    setImmediate(() => log.push('next turn'));
    const events = await run(timedProvider(log, clock, 0), new TurnBudget(5, () => clock.now));
    // The whole answer was read before the turn ended.
    expect(log).toEqual(['event 0', 'event 1', 'event 2', 'event 3']);
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('0123');
  });
});
