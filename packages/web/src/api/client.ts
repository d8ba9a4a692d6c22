import type { User } from '@parley/schema';
import { authStore, clearSession, setSession } from '../store/auth-store';
import { ApiError } from './api-error';
import { createRefreshQueue, skipsRefresh } from './refresh-queue';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** A multipart body (the browser sets its content type and boundary). */
  form?: FormData;
  signal?: AbortSignal;
}

type AuthFailureHandler = () => void;
let onAuthFailure: AuthFailureHandler = () => undefined;

/** The router installs what a failed refresh does (go to /login, except on share pages). */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  onAuthFailure = handler;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (text.length === 0) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
    credentials: 'same-origin',
    signal: opts.signal,
  });
}

interface RefreshAnswer {
  token: string;
  user: User;
}

/** One refresh call: the httpOnly cookie goes along; the new access token stays in memory. */
async function refreshOnce(): Promise<string | null> {
  const res = await send('/api/auth/refresh', { method: 'POST' }, null);
  if (!res.ok) return null;
  const body = (await readBody(res)) as Partial<RefreshAnswer> | undefined;
  if (!body?.token) return null;
  setSession(body.token, body.user ?? null);
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent('tokenUpdated', { detail: body.token }));
  }
  return body.token;
}

const queue = createRefreshQueue(refreshOnce);

/** Silent refresh (startup, retries). Concurrent callers share one request. */
export async function refreshSession(): Promise<string | null> {
  const token = await queue.refresh();
  if (!token) clearSession();
  return token;
}

/**
 * Typed fetch for the JSON API. A 401 (outside /api/auth/*) refreshes the session once — joining
 * a refresh already in flight — and retries with the new token; a failed refresh hands over to
 * the auth-failure handler.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts);
  return (await readBody(res)) as T;
}

/**
 * The same call answered with the response itself (its body unread), for answers that are not
 * JSON — streamed audio. A non-2xx answer still throws an ApiError.
 */
export async function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  const usedToken = authStore.getState().token;
  let res = await send(path, opts, usedToken);
  if (res.status === 401 && !skipsRefresh(path)) {
    // Another request may already have refreshed while this one was on the wire.
    const current = authStore.getState().token;
    const token = current && current !== usedToken ? current : await refreshSession();
    if (!token) {
      onAuthFailure();
      throw new ApiError(401, await readBody(res));
    }
    res = await send(path, opts, token);
  }
  if (!res.ok) throw new ApiError(res.status, await readBody(res));
  return res;
}
