import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { JobChannel } from './job-channel.ts';
import { awaitTerminal, followJob, type EventSink } from './job-follower.ts';

let bus = new MemoryBus();
afterEach(async () => {
  await bus.close();
  bus = new MemoryBus();
});

function recorder(): EventSink & { got: string[]; ended: boolean } {
  const sink = {
    got: [] as string[],
    ended: false,
    message: (json: string) => sink.got.push(json),
    error: (json: string) => sink.got.push(`error:${json}`),
    attachment: (json: string) => sink.got.push(`attachment:${json}`),
    end: () => (sink.ended = true),
  };
  return sink;
}

const init = JSON.stringify({ responseMessageId: 'r', requestMessage: { messageId: 'u' }, content: [] });
const delta = (text: string) =>
  JSON.stringify({
    event: 'on_message_delta',
    data: { id: 'step_1', delta: { content: [{ type: 'text', text }] } },
  });
const step = JSON.stringify({
  event: 'on_run_step',
  data: { id: 'step_1', index: 0, type: 'message_creation' },
});

describe('followJob', () => {
  it('delivers the events before and after it subscribed exactly once, in order', async () => {
    const channel = new JobChannel(bus, 'job', () => undefined);
    channel.emit('i', init);
    channel.emit('m', '{"created":true}');
    channel.emit('m', step);
    // An entry published while the follower reads the log must not arrive twice.
    const originalRange = bus.range.bind(bus);
    bus.range = async (key, start) => {
      const past = await originalRange(key, start);
      channel.emit('m', delta('A'));
      return past;
    };
    const sink = recorder();
    await followJob(bus, 'job', sink, { resume: false });
    channel.emit('m', delta('B'));
    await channel.emitTerminal('f', '{"final":true}');
    expect(sink.got).toEqual(['{"created":true}', step, delta('A'), delta('B'), '{"final":true}']);
    expect(sink.ended).toBe(true);
  });

  it('resume: a sync snapshot of the content so far, then only the later events', async () => {
    const channel = new JobChannel(bus, 'job', () => undefined);
    channel.emit('i', init);
    channel.emit('m', '{"created":true}');
    channel.emit('m', step);
    channel.emit('m', delta('Hello '));
    const sink = recorder();
    await followJob(bus, 'job', sink, { resume: true });
    channel.emit('m', delta('world'));
    await channel.emitTerminal('e', '{"error":true}');
    const sync = JSON.parse(sink.got[0]!);
    expect(sync).toMatchObject({
      sync: true,
      resumeState: {
        responseMessageId: 'r',
        requestMessage: { messageId: 'u' },
        content: [{ type: 'text', text: 'Hello ' }],
      },
    });
    expect(sink.got.slice(1)).toEqual([delta('world'), 'error:{"error":true}']);
    expect(sink.ended).toBe(true);
  });

  it('delivers attachment entries as attachment events, live and again after a resume snapshot', async () => {
    const file = '{"file_id":"f1","filename":"out.csv"}';
    const channel = new JobChannel(bus, 'job', () => undefined);
    channel.emit('i', init);
    channel.emit('m', step);
    channel.emit('a', file);
    const live = recorder();
    await followJob(bus, 'job', live, { resume: false });
    const resumed = recorder();
    await followJob(bus, 'job', resumed, { resume: true });
    await channel.emitTerminal('f', '{"final":true}');
    expect(live.got).toEqual([step, `attachment:${file}`, '{"final":true}']);
    expect(JSON.parse(resumed.got[0]!)).toMatchObject({ sync: true });
    expect(resumed.got.slice(1)).toEqual([`attachment:${file}`, '{"final":true}']);
  });

  it('resume of a finished job delivers only its last event', async () => {
    const channel = new JobChannel(bus, 'job', () => undefined);
    channel.emit('i', init);
    channel.emit('m', delta('x'));
    await channel.emitTerminal('f', '{"final":true}');
    const sink = recorder();
    await followJob(bus, 'job', sink, { resume: true });
    expect(sink.got).toEqual(['{"final":true}']);
    expect(await awaitTerminal(bus, 'job', 1000)).toMatchObject({ kind: 'f', json: '{"final":true}' });
  });

  it('awaitTerminal gives up after its timeout', async () => {
    new JobChannel(bus, 'quiet', () => undefined).emit('i', init);
    expect(await awaitTerminal(bus, 'quiet', 30)).toBeNull();
  });
});
