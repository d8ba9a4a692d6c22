import pino from 'pino';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { GenerationManager } from './generation-manager.ts';
import { JobChannel } from './job-channel.ts';
import { jobKeys } from './job-keys.ts';
import { slowProvider, startJob } from './test-jobs.ts';

const logger = pino({ level: 'silent' });
const LANE = 'conversation-1';
const managers: GenerationManager[] = [];

function setup(stopNoticeMs?: number) {
  const bus = new MemoryBus();
  const manager = new GenerationManager(bus, logger, {
    sweepIntervalMs: 0,
    ...(stopNoticeMs ? { stopNoticeMs } : {}),
  });
  managers.push(manager);
  return { bus, manager };
}

/** What the running job's instance does when its stop begins, then ends. */
async function stopJob(bus: MemoryBus, jobId: string, afterMs: number) {
  await delay(afterMs);
  await bus.set(jobKeys.stopping(jobId), '1', 15_000);
  await delay(20);
  // As a job settles: the lane is freed before the final is published.
  await bus.del(jobKeys.lock(LANE));
  await new JobChannel(bus, jobId, () => undefined).emitTerminal('f', '{"final":true}');
}

afterEach(() => {
  managers.length = 0;
});

describe('GenerationManager.reserve', () => {
  it('takes a free lane at once', async () => {
    const { bus, manager } = setup();
    const jobId = await manager.reserve(LANE);
    expect(await bus.get(jobKeys.lock(LANE))).toBe(jobId);
  });

  it('waits for a generation whose stop begins a moment after the request (a stream closed just before)', async () => {
    const { bus, manager } = setup();
    await bus.setIfAbsent(jobKeys.lock(LANE), 'job-a', 60_000);
    const stopped = stopJob(bus, 'job-a', 150);
    const jobId = await manager.reserve(LANE);
    await stopped;
    expect(jobId).not.toBe('job-a');
    expect(await bus.get(jobKeys.lock(LANE))).toBe(jobId);
  });

  it('takes the lane when its generation ends on its own while the request waits', async () => {
    const { bus, manager } = setup();
    await bus.setIfAbsent(jobKeys.lock(LANE), 'job-a', 60_000);
    setTimeout(() => void bus.del(jobKeys.lock(LANE)), 100);
    const jobId = await manager.reserve(LANE);
    expect(await bus.get(jobKeys.lock(LANE))).toBe(jobId);
  });

  it('refuses as concurrent when the generation goes on past the wait', async () => {
    const { bus, manager } = setup(200);
    await bus.setIfAbsent(jobKeys.lock(LANE), 'job-a', 60_000);
    const started = Date.now();
    await expect(manager.reserve(LANE)).rejects.toMatchObject({ code: 'concurrent' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await bus.get(jobKeys.lock(LANE))).toBe('job-a');
  });
});

describe("the user's list of recent conversations", () => {
  it('is compacted when a generation starts past its limit, without anyone asking which are active', async () => {
    const { bus, manager } = setup();
    const key = jobKeys.userJobs('u');
    // 200 finished chats in a row from a client that never reads the active list (an API client).
    for (let i = 0; i < 200; i++) await bus.append(key, `finished-${i}`, 60_000);
    const { done } = await startJob(manager, slowProvider(3, 30), { lane: 'conversation-live' });
    let listed = await bus.range(key, 0);
    for (let tries = 0; listed.length > 1 && tries < 100; tries++) {
      await delay(10);
      listed = await bus.range(key, 0);
    }
    // Only the running conversation is kept; it still shows as active.
    expect(listed).toEqual(['conversation-live']);
    expect(await manager.activeConversations('u')).toEqual(['conversation-live']);
    await done;
    await bus.close();
  });
});
