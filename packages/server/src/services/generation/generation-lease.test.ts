import pino from 'pino';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { GenerationManager } from './generation-manager.ts';
import { jobKeys } from './job-keys.ts';
import { slowProvider, startJob as startJobOn } from './test-jobs.ts';

// A conversation's generation lock is a short lease its running generation renews: a dead holder
// frees the conversation within seconds, a live one keeps it however long it runs.
const logger = pino({ level: 'silent' });
const LANE = 'conversation-1';

const startJob = (manager: GenerationManager, provider: Parameters<typeof startJobOn>[1]) =>
  startJobOn(manager, provider, { lane: LANE });

describe('the generation lease', () => {
  it('a holder that stops renewing (its instance died) loses the lock within seconds, not a minute', async () => {
    let now = 1_000_000;
    const bus = new MemoryBus(() => now);
    const manager = new GenerationManager(bus, logger, { sweepIntervalMs: 0 });
    // Taken and never renewed: what a killed instance leaves behind.
    const jobId = await manager.reserve(LANE);
    now += 5_000;
    expect(await bus.get(jobKeys.lock(LANE))).toBe(jobId);
    now += 5_000;
    expect(await bus.get(jobKeys.lock(LANE))).toBeNull();
    // The person can send again in that conversation.
    expect(await manager.reserve(LANE)).not.toBe(jobId);
    await bus.close();
  });

  it('a live generation running several lifetimes keeps its lock, and frees it when it ends', async () => {
    const bus = new MemoryBus();
    const manager = new GenerationManager(bus, logger, { sweepIntervalMs: 0, lockTtlMs: 300 });
    const { jobId, done } = await startJob(manager, slowProvider(8, 150));
    let ended = false;
    void done.then(() => (ended = true));
    const holders = new Set<string | null>();
    while (!ended) {
      holders.add(await bus.get(jobKeys.lock(LANE)));
      await delay(50);
    }
    expect((await done).outcome).toBe('done');
    expect([...holders]).toEqual([jobId]);
    await delay(20);
    expect(await bus.get(jobKeys.lock(LANE))).toBeNull();
    await bus.close();
  });

  it('a lapsed lock is taken back by its live generation (a stall, a restarted Redis)', async () => {
    const bus = new MemoryBus();
    const manager = new GenerationManager(bus, logger, { sweepIntervalMs: 0, lockTtlMs: 300 });
    const { jobId, done } = await startJob(manager, slowProvider(6, 100));
    await delay(120);
    await bus.del(jobKeys.lock(LANE));
    await delay(150);
    expect(await bus.get(jobKeys.lock(LANE))).toBe(jobId);
    expect((await done).outcome).toBe('done');
    await bus.close();
  });

  it('a generation whose lock another generation took stops, and leaves the lock to that one', async () => {
    const bus = new MemoryBus();
    const manager = new GenerationManager(bus, logger, { sweepIntervalMs: 0, lockTtlMs: 300 });
    const { done } = await startJob(manager, slowProvider(40, 50));
    await delay(120);
    // Another instance took the lane while this one's lock had lapsed.
    await bus.set(jobKeys.lock(LANE), 'other-job', 300);
    const result = await done;
    expect(result.outcome).toBe('aborted');
    expect(result.text.length).toBeGreaterThan(0);
    expect(await bus.get(jobKeys.lock(LANE))).toBe('other-job');
    await bus.close();
  });
});
