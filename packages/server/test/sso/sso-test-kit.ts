import { REFRESH_COOKIE } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { listLinkConflictsCommand } from '../../src/cli/admin-commands.ts';
import { externalIdentities, users } from '../../src/db/schema/index.ts';
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

/**
 * Asserts that an external sign-in was refused for the local account holding `email` (it left no
 * session, no link and no second account) and recorded as a conflict for administrators; answers
 * the conflict's id.
 */
export async function expectRefusedLink(
  server: TestServer,
  email: string,
  provider: string,
  subject: string,
): Promise<string> {
  const db = server.ctx.db;
  const holders = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  expect(holders).toHaveLength(1);
  const links = await db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  expect(links).toEqual([]);
  const conflicts = await listLinkConflictsCommand(db);
  const conflict = conflicts.find((c) => c.provider === provider && c.subject === subject);
  expect(conflict).toMatchObject({ email: email.toLowerCase() });
  return conflict!.id;
}

/** The reason recorded on an external identity's link (users may enter through it). */
export async function linkReason(server: TestServer, provider: string, subject: string) {
  const [row] = await server.ctx.db
    .select({ userId: externalIdentities.userId, linkedBy: externalIdentities.linkedBy })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  return row;
}
