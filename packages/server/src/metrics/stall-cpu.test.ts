import { describe, expect, it } from 'vitest';
import { StallCpu, threadCpuMs } from './stall-cpu.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(threadCpuMs() !== null)('StallCpu', () => {
  it("counts this thread's own work in a stall, and near nothing while the loop waits", async () => {
    const stalls = new StallCpu(5);
    await tick(30);
    const idle = stalls.snapshot()!;
    expect(idle.max).toBeLessThan(5);
    stalls.reset();
    // 60 ms of this thread's own CPU, however long other processes keep it off the core.
    const until = threadCpuMs()! + 60;
    while (threadCpuMs()! < until);
    await tick(20);
    expect(stalls.snapshot()!.max).toBeGreaterThan(40);
  });

  it('starts empty after a reset', async () => {
    const stalls = new StallCpu(5);
    await tick(20);
    stalls.reset();
    expect(stalls.snapshot()).toEqual({ p50: 0, p99: 0, max: 0 });
  });
});
