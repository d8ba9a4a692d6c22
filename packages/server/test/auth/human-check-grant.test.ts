import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { uniqueEmail } from './auth-client.ts';

const password = 'correct horse battery';

/**
 * A stand-in for the provider's siteverify endpoint that behaves as the real one does: an answer
 * starting with `good` passes once, and is refused when presented again.
 */
function startSingleUseStandIn(): Promise<{ server: Server; url: string }> {
  const seen = new Set<string>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const response = new URLSearchParams(body).get('response') ?? '';
      const success = response.startsWith('good') && !seen.has(response);
      seen.add(response);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success, ...(success ? {} : { 'error-codes': ['timeout-or-duplicate'] }) }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify` }),
    ),
  );
}

describe('signing in right after registering, with the human check verified', () => {
  let server: TestServer;
  let standIn: Awaited<ReturnType<typeof startSingleUseStandIn>>;
  let answers = 0;
  const freshAnswer = () => `good-${++answers}`;
  beforeAll(async () => {
    standIn = await startSingleUseStandIn();
    server = await startTestServer({
      yaml: 'turnstile:\n  siteKey: site-key-1\n',
      env: { TURNSTILE_SECRET_KEY: 'the-secret', TURNSTILE_VERIFY_URL: standIn.url },
    });
  });
  afterAll(async () => {
    await server.stop();
    standIn.server.closeAllConnections();
    standIn.server.close();
  });

  const registerWith = async (email: string, turnstileToken: string) => {
    const res = await server.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Human Person', email, password, confirm_password: password, turnstileToken },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { message: string; humanCheckGrant?: string };
  };
  const login = (email: string, human: Record<string, string>) =>
    server.api('/api/auth/login', { method: 'POST', json: { email, password, ...human } });

  it('the answer registration spent cannot sign in; the grant it handed back can, once', async () => {
    const email = uniqueEmail('grant');
    const answer = freshAnswer();
    const registered = await registerWith(email, answer);
    expect(registered.humanCheckGrant).toEqual(expect.any(String));
    // What the register page did before: sign in with the spent answer — the provider refuses.
    expect((await login(email, { turnstileToken: answer })).status).toBe(403);

    const signedIn = await login(email, { humanCheckGrant: registered.humanCheckGrant! });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ token: expect.any(String) });
    // Single use.
    expect((await login(email, { humanCheckGrant: registered.humanCheckGrant! })).status).toBe(403);
    // A fresh answer still works as always.
    expect((await login(email, { turnstileToken: freshAnswer() })).status).toBe(200);
  });

  it('refuses a grant for another address, a made-up grant, and one used at once twice', async () => {
    const email = uniqueEmail('grant');
    const other = uniqueEmail('grant');
    await registerWith(other, freshAnswer());
    const { humanCheckGrant } = await registerWith(email, freshAnswer());
    expect((await login(other, { humanCheckGrant: humanCheckGrant! })).status).toBe(403);
    expect((await login(email, { humanCheckGrant: 'x'.repeat(43) })).status).toBe(403);
    expect((await login(email, { humanCheckGrant: 'x'.repeat(500) })).status).toBe(400);
    // The grant was not burnt by the attempt for the other address: its owner may use it, once.
    const both = await Promise.all([
      login(email, { humanCheckGrant: humanCheckGrant! }),
      login(email, { humanCheckGrant: humanCheckGrant! }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('answers a taken address exactly as a new one (a grant too), and the grant signs in nobody else', async () => {
    const email = uniqueEmail('taken');
    await registerWith(email, freshAnswer());
    const again = await registerWith(email, freshAnswer());
    expect(Object.keys(again).sort()).toEqual(['humanCheckGrant', 'message']);
    // The grant does not replace the password.
    const wrong = await server.api('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'not the password', humanCheckGrant: again.humanCheckGrant },
    });
    expect(wrong.status).toBe(401);
  });
});

describe('without the human check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('hands back no grant', async () => {
    const res = await server.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Plain Person', email: uniqueEmail('plain'), password, confirm_password: password },
    });
    expect(await res.json()).toEqual({ message: 'Registration successful.' });
  });
});
