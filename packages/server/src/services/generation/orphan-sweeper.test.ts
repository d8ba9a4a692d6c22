import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { JobChannel } from './job-channel.ts';
import { decodeEntry } from './job-entry.ts';
import { jobKeys, type JobMeta } from './job-keys.ts';
import { OrphanSweeper, type OrphanState } from './orphan-sweeper.ts';

const logger = pino({ level: 'silent' });

const meta = (jobId: string, conversationId: string): JobMeta => ({
  jobId,
  userId: 'u',
  conversationId,
  responseMessageId: `r-${jobId}`,
  requestMessageId: `q-${jobId}`,
  startedAt: 0,
  resumable: true,
  recovery: { endpoint: 'Demo', model: 'slow', sender: 'Demo', continued: false },
});

/** A job that got as far as two text deltas, as its instance would have logged it. */
async function logJob(bus: MemoryBus, m: JobMeta): Promise<string> {
  const channel = new JobChannel(bus, m.jobId, () => undefined);
  channel.emit(
    'i',
    JSON.stringify({ responseMessageId: m.responseMessageId, requestMessage: {}, content: [] }),
  );
  channel.emit('m', '{"created":true}');
  channel.emit(
    'm',
    JSON.stringify({ event: 'on_run_step', data: { id: 's1', index: 0, type: 'message_creation' } }),
  );
  for (const text of ['Hel', 'lo'])
    channel.emit(
      'm',
      JSON.stringify({
        event: 'on_message_delta',
        data: { id: 's1', delta: { content: [{ type: 'text', text }] } },
      }),
    );
  const member = JSON.stringify(m);
  await bus.addMember(jobKeys.running, member);
  return member;
}

function sweeperOn(bus: MemoryBus, local: Set<string> = new Set()) {
  const saved: { meta: JobMeta; state: OrphanState }[] = [];
  const sweeper = new OrphanSweeper(bus, logger, {
    intervalMs: 0,
    isLocal: (id) => local.has(id),
    save: async (m, state) => {
      saved.push({ meta: m, state });
      return { kind: 'f', json: `{"final":true,"job":"${m.jobId}"}` };
    },
  });
  return { sweeper, saved };
}

describe('OrphanSweeper', () => {
  it('leaves a job whose lock lapsed alone while its log still grows (a stalled, live instance)', async () => {
    const bus = new MemoryBus();
    const stalled = meta('j7', 'c7');
    await logJob(bus, stalled);
    const { sweeper, saved } = sweeperOn(bus);
    expect(await sweeper.sweep()).toBe(0);
    new JobChannel(bus, 'j7', () => undefined, 5).emit('m', '{"event":"on_message_delta"}');
    expect(await sweeper.sweep()).toBe(0);
    await bus.set(jobKeys.lock('c7'), 'j7', 10_000);
    expect(await sweeper.sweep()).toBe(0);
    expect(saved).toEqual([]);
  });

  it('ends a job whose lock lapsed: saves the content so far once and appends the final event', async () => {
    const bus = new MemoryBus();
    const orphan = meta('j1', 'c1');
    await logJob(bus, orphan);
    const one = sweeperOn(bus);
    const two = sweeperOn(bus);
    // The first pass only notes the lapsed lock; the second, finding the log unchanged, ends it.
    expect(await Promise.all([one.sweeper.sweep(), two.sweeper.sweep()])).toEqual([0, 0]);
    expect(await Promise.all([one.sweeper.sweep(), two.sweeper.sweep()])).toEqual(
      expect.arrayContaining([0, 1]),
    );
    const saved = [...one.saved, ...two.saved];
    expect(saved).toHaveLength(1);
    expect(saved[0]!.meta).toEqual(orphan);
    expect(saved[0]!.state?.content).toEqual([{ type: 'text', text: 'Hello' }]);
    const log = (await bus.range(jobKeys.log('j1'), 0)).map(decodeEntry);
    expect(log.at(-1)).toEqual({ kind: 'f', seq: 5, json: '{"final":true,"job":"j1"}' });
    expect(await bus.members(jobKeys.running)).toEqual([]);
    expect(JSON.parse((await bus.get(jobKeys.meta('c1')))!)).toEqual(orphan);
  });

  it('leaves running jobs alone: lock held, or running on this instance', async () => {
    const bus = new MemoryBus();
    const held = meta('j2', 'c2');
    const local = meta('j3', 'c3');
    await logJob(bus, held);
    await logJob(bus, local);
    await bus.set(jobKeys.lock('c2'), 'j2', 10_000);
    const { sweeper, saved } = sweeperOn(bus, new Set(['j3']));
    expect(await sweeper.sweep()).toBe(0);
    expect(await sweeper.sweep()).toBe(0);
    expect(saved).toEqual([]);
    expect(await bus.members(jobKeys.running)).toHaveLength(2);
  });

  it('a lock taken by a newer job does not hide the older orphan; a logged final is not saved again', async () => {
    const bus = new MemoryBus();
    const old = meta('j4', 'c4');
    await logJob(bus, old);
    await bus.set(jobKeys.lock('c4'), 'j5', 10_000);
    const finished = meta('j6', 'c6');
    await logJob(bus, finished);
    await new JobChannel(bus, 'j6', () => undefined, 5).emitTerminal('f', '{"final":true}');
    const { sweeper, saved } = sweeperOn(bus);
    expect(await sweeper.sweep()).toBe(0);
    expect(await sweeper.sweep()).toBe(2);
    expect(saved.map((s) => s.meta.jobId)).toEqual(['j4']);
    expect(await bus.members(jobKeys.running)).toEqual([]);
  });
});
