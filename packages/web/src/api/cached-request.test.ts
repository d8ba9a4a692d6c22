import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { CachedRequest } from './cached-request';

const noSleep = () => Promise.resolve();

describe('CachedRequest', () => {
  it('asks once however many readers load it, and tells subscribers the answer', async () => {
    const fetcher = vi.fn(() => Promise.resolve({ appTitle: 'Parley' }));
    const request = new CachedRequest(fetcher, noSleep);
    const listener = vi.fn();
    request.subscribe(listener);
    const [a, b] = await Promise.all([request.load(), request.load()]);
    expect(a).toBe(b);
    await request.load();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(request.getState()).toEqual({ data: { appTitle: 'Parley' }, isError: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tries a server failure twice more, then reports the error and asks again on the next load', async () => {
    const fetcher = vi.fn(() => Promise.reject(new ApiError(500, { message: 'boom' })));
    const sleep = vi.fn((_ms: number) => noSleep());
    const request = new CachedRequest(fetcher, sleep);
    await expect(request.load()).rejects.toBeInstanceOf(ApiError);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(request.getState().isError).toBe(true);
    fetcher.mockImplementationOnce(() => Promise.resolve({ ok: true } as never));
    await expect(request.load()).resolves.toEqual({ ok: true });
    expect(request.getState()).toEqual({ data: { ok: true }, isError: false });
  });

  it('does not retry a 4xx: it is an answer', async () => {
    const fetcher = vi.fn(() => Promise.reject(new ApiError(404, { message: 'no' })));
    const request = new CachedRequest(fetcher, noSleep);
    await expect(request.load()).rejects.toBeInstanceOf(ApiError);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
