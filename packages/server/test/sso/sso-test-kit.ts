import { REFRESH_COOKIE } from '@parley/schema';
import { expect } from 'vitest';
import { BrowserSession } from '../helpers/browser-session.ts';
import type { TestServer } from '../helpers/test-server.ts';

/** Where an external sign-in ended: the landing URL and the refresh cookie it set, if any. */
export interface SignInOutcome {
  url: string;
  refresh: string | undefined;
}

/** Walks Parley → provider → Parley like a browser, stopping at the client page it lands on. */
export async function walkSignIn(
  server: TestServer,
  provider: string,
  browser = new BrowserSession(),
): Promise<SignInOutcome> {
  const client = [`${server.url}/c/`, `${server.url}/login`];
  const { url } = await browser.follow(`${server.url}/oauth/${provider}`, client);
  return { url, refresh: browser.cookie(server.url, REFRESH_COOKIE) };
}

/** The failure page's reason, asserting the fixed failure destination. */
export function failureReason(server: TestServer, url: string): string | null {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe(`${server.url}/login`);
  expect(parsed.searchParams.get('redirect')).toBe('false');
  return parsed.searchParams.get('error');
}

/** The session a refresh cookie holds: who it is, via POST /api/auth/refresh. */
export async function sessionUser(server: TestServer, refresh: string) {
  const res = await server.api('/api/auth/refresh', {
    method: 'POST',
    headers: { cookie: `${REFRESH_COOKIE}=${refresh}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    token: string;
    user: { id: string; email: string; provider: string; name: string };
  };
}
