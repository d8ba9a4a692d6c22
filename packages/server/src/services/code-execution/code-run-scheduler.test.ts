import { describe, expect, it } from 'vitest';
import { CodeRunScheduler, type CodeRunSchedule } from './code-run-scheduler.ts';

const schedule = (extra: Partial<CodeRunSchedule> = {}): CodeRunSchedule => ({
  slots: 4,
  queueMax: 8,
  perUserPerMinute: 100,
  ...extra,
});

/** Resolves on the next turn: enough for a granted wait's promise to settle. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A wait whose state the test can read: started (with its release) or still waiting. */
function track(promise: Promise<() => void>) {
  const state: { release?: () => void; error?: Error } = {};
  promise.then(
    (release) => (state.release = release),
    (error: Error) => (state.error = error),
  );
  return state;
}

describe('CodeRunScheduler', () => {
  it('gives one user at most half the slots, and another user still starts at once', async () => {
    const scheduler = new CodeRunScheduler(schedule());
    const mallory = [1, 2, 3, 4, 5, 6].map(() => track(scheduler.acquire('mallory')));
    await tick();
    expect(mallory.filter((run) => run.release)).toHaveLength(2);
    const alice = track(scheduler.acquire('alice'));
    await tick();
    expect(alice.release).toBeDefined();
    expect(scheduler.load).toEqual({ running: 3, waiting: 4 });
  });

  it('gives a one-slot instance one run at a time, each user at least one', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 1 }));
    expect(scheduler.perUserShare).toBe(1);
    const first = track(scheduler.acquire('alice'));
    const second = track(scheduler.acquire('bob'));
    await tick();
    expect(first.release).toBeDefined();
    expect(second.release).toBeUndefined();
    first.release!();
    await tick();
    expect(second.release).toBeDefined();
  });

  it('starts waiting runs oldest first, and tells each how many are ahead', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 2 }));
    const running = [track(scheduler.acquire('a')), track(scheduler.acquire('b'))];
    const told: Record<string, number[]> = { c: [], d: [], e: [] };
    const waiting = ['c', 'd', 'e'].map((user) =>
      track(scheduler.acquire(user, { onWaiting: (ahead) => told[user]!.push(ahead) })),
    );
    await tick();
    expect(told).toEqual({ c: [0], d: [1], e: [2] });
    running[0]!.release!();
    await tick();
    expect(waiting.map((w) => Boolean(w.release))).toEqual([true, false, false]);
    expect(told).toEqual({ c: [0], d: [1, 0], e: [2, 1] });
  });

  it('lets a waiting run of a user under their share pass one whose user is at it', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 4 }));
    const mallory = [1, 2, 3].map(() => track(scheduler.acquire('mallory')));
    const others = [track(scheduler.acquire('alice')), track(scheduler.acquire('bob'))];
    const carol = track(scheduler.acquire('carol'));
    await tick();
    // mallory holds 2, alice and bob 1 each: all 4 slots; mallory's third waits ahead of carol.
    expect(scheduler.waitingAhead('mallory', 'x')).toBeNull();
    others[0]!.release!();
    await tick();
    expect(carol.release).toBeDefined();
    expect(mallory[2]!.release).toBeUndefined();
  });

  it('a run cancelled while it waits leaves the queue; those behind move up', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 1 }));
    const first = track(scheduler.acquire('a'));
    const stop = new AbortController();
    const cancelled = track(scheduler.acquire('b', { signal: stop.signal, runId: 'r1' }));
    const told: number[] = [];
    const last = track(scheduler.acquire('c', { runId: 'r2', onWaiting: (ahead) => told.push(ahead) }));
    await tick();
    expect(scheduler.waitingAhead('b', 'r1')).toBe(0);
    expect(scheduler.waitingAhead('c', 'r2')).toBe(1);
    expect(scheduler.waitingAhead('a', 'r2')).toBeNull();
    stop.abort();
    await tick();
    expect(cancelled.error?.message).toMatch(/cancelled while it waited/);
    expect(scheduler.waitingAhead('b', 'r1')).toBeNull();
    expect(told).toEqual([1, 0]);
    first.release!();
    await tick();
    expect(last.release).toBeDefined();
    expect(scheduler.load).toEqual({ running: 1, waiting: 0 });
  });

  it('a release given twice frees one slot only', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 2 }));
    const one = track(scheduler.acquire('a'));
    track(scheduler.acquire('b'));
    await tick();
    one.release!();
    one.release!();
    expect(scheduler.load.running).toBe(1);
  });

  it('refuses clearly when the queue is full, and a user may fill only half of it', async () => {
    const scheduler = new CodeRunScheduler(schedule({ slots: 2, queueMax: 4 }));
    track(scheduler.acquire('a'));
    track(scheduler.acquire('b'));
    track(scheduler.acquire('a'));
    track(scheduler.acquire('a'));
    await expect(scheduler.acquire('a')).rejects.toThrow(/already have 2 code runs waiting/);
    track(scheduler.acquire('c'));
    track(scheduler.acquire('d'));
    await expect(scheduler.acquire('e')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/queue is full/),
    });
  });

  it('limits each user’s starts per minute, counting waiting runs, and forgets after a minute', async () => {
    let now = 1_000_000;
    const scheduler = new CodeRunScheduler(schedule({ perUserPerMinute: 4 }), () => now);
    (await scheduler.acquire('a'))();
    (await scheduler.acquire('a'))();
    track(scheduler.acquire('a'));
    track(scheduler.acquire('a'));
    // Two ended, two run: four starts this minute.
    await expect(scheduler.acquire('a')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(scheduler.acquire('b')).resolves.toBeTypeOf('function');
    now += 60_001;
    const later = track(scheduler.acquire('a', { runId: 'later' }));
    await tick();
    expect(later.error).toBeUndefined();
    expect(scheduler.waitingAhead('a', 'later')).toBe(0);
  });
});
