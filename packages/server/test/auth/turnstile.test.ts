import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { register, uniqueEmail } from './auth-client.ts';

const YAML = 'turnstile:\n  siteKey: site-key-1\n  options:\n    size: compact\n';
const password = 'correct horse battery';

/** A local stand-in for the provider's siteverify endpoint: `good` passes, `slow` never answers. */
function startStandIn(): Promise<{ server: Server; url: string; seen: URLSearchParams[] }> {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const response = form.get('response');
      if (response === 'slow') return;
      if (response === 'broken') return res.end('not json');
      if (response === 'error') return res.writeHead(500).end('{}');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: form.get('secret') === 'the-secret' && response === 'good' }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, seen }),
    ),
  );
}

describe('human check with a secret: verified against the provider', () => {
  let server: TestServer;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
    server = await startTestServer({
      yaml: YAML,
      env: { TURNSTILE_SECRET_KEY: 'the-secret', TURNSTILE_VERIFY_URL: standIn.url },
    });
  });
  afterAll(async () => {
    await server.stop();
    standIn.server.closeAllConnections();
    standIn.server.close();
  });

  const registerWith = (email: string, turnstileToken?: unknown) =>
    server.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Human Person', email, password, confirm_password: password, turnstileToken },
    });
  const loginWith = (email: string, turnstileToken?: unknown) =>
    server.api('/api/auth/login', { method: 'POST', json: { email, password, turnstileToken } });

  it('gives the site key and options to the web app, never the secret', async () => {
    const res = await server.api('/api/config');
    const config = (await res.json()) as Record<string, unknown>;
    expect(config.turnstile).toEqual({ siteKey: 'site-key-1', options: { size: 'compact' } });
    expect(JSON.stringify(config)).not.toContain('the-secret');
  });

  it('registers and signs in with an answer the provider confirms, sending secret and token', async () => {
    const email = uniqueEmail('human');
    expect((await registerWith(email, 'good')).status).toBe(200);
    expect(standIn.seen.at(-1)?.get('secret')).toBe('the-secret');
    expect(standIn.seen.at(-1)?.get('response')).toBe('good');
    expect((await loginWith(email, 'good')).status).toBe(200);
  });

  it.each([
    ['no answer', undefined],
    ['an empty answer', ''],
    ['a number', 42],
    ['a rejected answer', 'bot'],
    ['a provider error', 'error'],
    ['a provider answering nonsense', 'broken'],
  ])('refuses register and login with %s (403, no account)', async (_what, token) => {
    const email = uniqueEmail('bot');
    const reg = await registerWith(email, token);
    expect(reg.status).toBeGreaterThanOrEqual(400);
    expect(reg.status).toBeLessThan(500);
    const log = await loginWith(email, token);
    expect(log.status).toBeGreaterThanOrEqual(400);
    expect(log.status).toBeLessThan(500);
    expect((await loginWith(email, 'good')).status).toBe(401);
  });

  it('answers 403 with a clear message for a rejected answer', async () => {
    const res = await registerWith(uniqueEmail('bot'), 'bot');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'The human check failed. Please try again.' });
    const huge = await registerWith(uniqueEmail('bot'), 'x'.repeat(5000));
    expect(huge.status).toBe(400);
  });
});

describe('human check without a secret', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ yaml: YAML });
  });
  afterAll(() => server.stop());

  it('shows the widget but cannot verify, so it does not block', async () => {
    expect(((await (await server.api('/api/config')).json()) as { turnstile?: unknown }).turnstile).toEqual({
      siteKey: 'site-key-1',
      options: { size: 'compact' },
    });
    expect((await register(server, { email: uniqueEmail('plain') })).status).toBe(200);
  });
});
