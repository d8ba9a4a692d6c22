import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../store/auth-store';
import { api, setAuthFailureHandler } from './client';

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function bearer(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

describe('api client session handling', () => {
  let handler: Handler;
  const calls: string[] = [];

  beforeEach(() => {
    calls.length = 0;
    authStore.setState({ token: 'old', user: null, status: 'authenticated' });
    vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path} ${bearer(init) ?? '-'}`);
      return handler(path, init);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes once for concurrent 401s and retries each with the new token', async () => {
    let release!: () => void;
    const refreshGate = new Promise<void>((r) => (release = r));
    handler = async (path, init) => {
      if (path === '/api/auth/refresh') {
        await refreshGate;
        return json(200, { token: 'new', user: { id: 'u1' } });
      }
      return bearer(init) === 'Bearer new' ? json(200, { path }) : json(401, { message: 'expired' });
    };
    const requests = [api('/api/a'), api('/api/b'), api('/api/c')];
    await vi.waitFor(() => expect(calls.filter((c) => c.includes('/api/auth/refresh'))).toHaveLength(1));
    release();
    expect(await Promise.all(requests)).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((c) => c.includes('/api/auth/refresh'))).toHaveLength(1);
    expect(authStore.getState().token).toBe('new');
  });

  it('never refreshes for /api/auth/* and reports a failed refresh', async () => {
    const onFailure = vi.fn();
    setAuthFailureHandler(onFailure);
    handler = (path) => (path === '/api/auth/refresh' ? json(401, { message: 'no session' }) : json(401, {}));

    await expect(api('/api/auth/logout', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['POST /api/auth/logout Bearer old']);
    expect(onFailure).not.toHaveBeenCalled();

    await expect(api('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(authStore.getState()).toMatchObject({ token: null, status: 'unauthenticated' });
  });

  it('surfaces the server message of other errors', async () => {
    handler = () => json(403, { message: 'Not allowed' });
    await expect(api('/api/roles/ADMIN')).rejects.toMatchObject({ status: 403, message: 'Not allowed' });
  });
});
