import { REFRESH_COOKIE, type User } from '@parley/schema';
import type { TestServer } from '../helpers/test-server.ts';

/** The refresh token a response sets, or null ('' when it clears the cookie). */
export function refreshCookie(res: Response): { value: string; attributes: string } | null {
  for (const cookie of res.headers.getSetCookie()) {
    if (cookie.startsWith(`${REFRESH_COOKIE}=`)) {
      const [pair = '', ...rest] = cookie.split(';');
      return { value: decodeURIComponent(pair.slice(REFRESH_COOKIE.length + 1)), attributes: rest.join(';') };
    }
  }
  return null;
}

export const cookieHeader = (token: string) => ({ cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` });

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

export async function register(
  server: TestServer,
  fields: { email: string; password?: string; name?: string; username?: string },
): Promise<Response> {
  const password = fields.password ?? 'correct horse battery';
  return server.api('/api/auth/register', {
    method: 'POST',
    json: {
      name: fields.name ?? 'Test Person',
      username: fields.username,
      email: fields.email,
      password,
      confirm_password: password,
    },
  });
}

export interface LoggedIn {
  user: User;
  token: string;
  refresh: string;
}

export async function login(
  server: TestServer,
  email: string,
  password = 'correct horse battery',
): Promise<LoggedIn> {
  const res = await server.api('/api/auth/login', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: User; token: string };
  return { ...body, refresh: refreshCookie(res)!.value };
}

/** Registers and signs in a fresh account. */
export async function signUp(server: TestServer, email = uniqueEmail()): Promise<LoggedIn> {
  const res = await register(server, { email });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return login(server, email);
}
