import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from './memory-bus.ts';

describe('MemoryBus', () => {
  let clock = 0;
  const bus = new MemoryBus(() => clock);
  afterEach(() => {
    clock = 0;
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const got: string[] = [];
    const off = await bus.subscribe('c', (m) => got.push(m));
    await bus.publish('c', 'a');
    await off();
    await bus.publish('c', 'b');
    expect(got).toEqual(['a']);
  });

  it('counts within a window and forgets after it', async () => {
    expect(await bus.incr('k', 1000)).toBe(1);
    expect(await bus.incr('k', 1000)).toBe(2);
    expect(await bus.ttl('k')).toBe(1000);
    clock = 1000;
    expect(await bus.incr('k', 1000)).toBe(1);
  });

  it('keeps lists and plain values with expiry', async () => {
    await bus.append('l', 'x', 500);
    await bus.append('l', 'y', 500);
    expect(await bus.range('l', 1)).toEqual(['y']);
    expect(await bus.setIfAbsent('s', '1', 100)).toBe(true);
    expect(await bus.setIfAbsent('s', '2', 100)).toBe(false);
    clock = 600;
    expect(await bus.range('l', 0)).toEqual([]);
    expect(await bus.get('s')).toBeNull();
  });
});
