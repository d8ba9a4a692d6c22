import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { refreshCookie, register, uniqueEmail } from './auth-client.ts';

/** Signs in a fresh account with `headers` on the login request; answers the refresh cookie's attributes. */
async function loginCookieAttributes(server: TestServer, headers: Record<string, string>): Promise<string> {
  const email = uniqueEmail('secure');
  expect((await register(server, { email })).status).toBe(200);
  const res = await server.api('/api/auth/login', {
    method: 'POST',
    headers,
    json: { email, password: 'correct horse battery' },
  });
  expect(res.status).toBe(200);
  return refreshCookie(res)!.attributes.toLowerCase();
}

describe('the refresh cookie behind a TLS-terminating proxy', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('is Secure when a proxy named in TRUST_PROXY says the browser used https, and not over http', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    const attributes = await loginCookieAttributes(server, { 'x-forwarded-proto': 'https' });
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(await loginCookieAttributes(server, { 'x-forwarded-proto': 'http' })).not.toContain('secure');
    expect(await loginCookieAttributes(server, {})).not.toContain('secure');
  }, 60_000);

  it('ignores X-Forwarded-Proto from a peer that TRUST_PROXY does not name', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '10.1.2.3' } });
    expect(await loginCookieAttributes(server, { 'x-forwarded-proto': 'https' })).not.toContain('secure');
  }, 60_000);
});
