import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_DELAYS_MS, retryImport, type RetryEnvironment } from './retry-import';

function env(online = true): RetryEnvironment & { slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), isOnline: () => online };
}

describe('retryImport', () => {
  it('answers the module of the first attempt that succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const e = env();
    await expect(retryImport(load, e)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.slept).toEqual([CHUNK_RETRY_DELAYS_MS[0]]);
  });

  it('gives up after the last pause with the last error', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('gone'));
    const e = env();
    await expect(retryImport(load, e)).rejects.toThrow('gone');
    expect(load).toHaveBeenCalledTimes(CHUNK_RETRY_DELAYS_MS.length + 1);
    expect(e.slept).toEqual([...CHUNK_RETRY_DELAYS_MS]);
  });

  it('does not wait while offline: the caller shows its local error at once', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    const e = env(false);
    await expect(retryImport(load, e)).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(1);
    expect(e.slept).toEqual([]);
  });
});
