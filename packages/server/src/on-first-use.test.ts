import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const get = onFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives a failed load to its caller and tries again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('broken install'))
      .mockResolvedValueOnce('loaded');
    const get = onFirstUse(load);
    await expect(get()).rejects.toThrow('broken install');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
