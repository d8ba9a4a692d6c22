import { describe, expect, it, vi } from 'vitest';
import { createRefreshQueue, skipsRefresh } from './refresh-queue';

describe('refresh queue', () => {
  it('runs one refresh for concurrent callers and gives them all its token', async () => {
    let resolve!: (token: string) => void;
    const doRefresh = vi.fn(() => new Promise<string | null>((r) => (resolve = r)));
    const queue = createRefreshQueue(doRefresh);
    const waiting = [queue.refresh(), queue.refresh(), queue.refresh()];
    expect(queue.pending).toBe(true);
    resolve('new-token');
    expect(await Promise.all(waiting)).toEqual(['new-token', 'new-token', 'new-token']);
    expect(doRefresh).toHaveBeenCalledTimes(1);
    expect(queue.pending).toBe(false);
  });

  it('starts a fresh refresh once the previous one has settled', async () => {
    const doRefresh = vi.fn().mockResolvedValueOnce('one').mockResolvedValueOnce('two');
    const queue = createRefreshQueue(doRefresh);
    expect(await queue.refresh()).toBe('one');
    expect(await queue.refresh()).toBe('two');
    expect(doRefresh).toHaveBeenCalledTimes(2);
  });

  it('turns a failing refresh into null for every waiter', async () => {
    const queue = createRefreshQueue(() => Promise.reject(new Error('offline')));
    expect(await Promise.all([queue.refresh(), queue.refresh()])).toEqual([null, null]);
  });

  it('never refreshes for the auth routes themselves', () => {
    expect(skipsRefresh('/api/auth/logout')).toBe(true);
    expect(skipsRefresh('/api/auth/2fa/verify-temp')).toBe(true);
    expect(skipsRefresh('/api/auth/refresh?retry=true')).toBe(true);
    expect(skipsRefresh('/api/user')).toBe(false);
    expect(skipsRefresh('/api/convos?cursor=x')).toBe(false);
  });
});
