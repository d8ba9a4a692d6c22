import { REFRESH_COOKIE, RESERVED_EMAIL_MESSAGE, walletEmail, type WalletChallenge } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, type CreateSiweMessageParameters } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/services/auth/password.ts';
import { register } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { expectRefusedLink, sessionUser } from './sso-test-kit.ts';

/** A fixed test key, so the account it signs in to is known; others are made per test. */
const TEST_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

/**
 * Wallet sign-in through the real server: viem signs Sign-In with Ethereum messages with test
 * keys, as a browser wallet would, and the server must accept only a fresh message for this site
 * and chain carrying this browser's nonce, signed by the address it names.
 */
describe('wallet sign-in', () => {
  let server: TestServer;
  let closed: TestServer;

  beforeAll(async () => {
    const env = { ALLOW_WALLET_LOGIN: 'true', WALLET_CHAIN_ID: '10', LOG_LEVEL: 'silent' };
    server = await startTestServer({ env: { ...env, ALLOW_SOCIAL_REGISTRATION: 'true' } });
    closed = await startTestServer({ env });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), closed?.stop()]);
  });

  async function challenge(browser: BrowserSession, on = server): Promise<WalletChallenge> {
    const res = await browser.request(`${on.url}/api/auth/wallet/nonce`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as WalletChallenge;
  }

  /** The message a wallet signs for a challenge, with `change` applied to its fields. */
  async function signed(
    account: PrivateKeyAccount,
    c: WalletChallenge,
    change: Partial<CreateSiweMessageParameters> = {},
  ) {
    const message = createSiweMessage({
      address: account.address,
      domain: c.domain,
      uri: c.uri,
      chainId: c.chainId,
      nonce: c.nonce,
      statement: c.statement,
      version: '1',
      issuedAt: new Date(),
      expirationTime: new Date(c.expirationTime),
      ...change,
    });
    return { message, signature: await account.signMessage({ message }) };
  }

  const verify = (browser: BrowserSession, body: unknown, on = server) =>
    browser.request(`${on.url}/api/auth/wallet/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function refusal(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  }

  it('/api/config shows the Connect Wallet button only where it is enabled', async () => {
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config.walletLoginEnabled).toBe(true);
    expect(config).not.toHaveProperty('WALLET_CHAIN_ID');
  });

  it('a challenge binds a fresh nonce to the browser with a short-lived httpOnly cookie', async () => {
    const res = await new BrowserSession().request(`${server.url}/api/auth/wallet/nonce`);
    const c = (await res.json()) as WalletChallenge;
    expect(c.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(c.chainId).toBe(10);
    expect(Date.parse(c.expirationTime) - Date.parse(c.issuedAt)).toBe(300_000);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('parley_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=300/i);
    const other = await challenge(new BrowserSession());
    expect(other.nonce).not.toBe(c.nonce);
  });

  it('a signed message signs in to the address’s account, the same one every time', async () => {
    const account = privateKeyToAccount(TEST_KEY);
    const browser = new BrowserSession();
    const res = await verify(browser, await signed(account, await challenge(browser)));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      token: string;
      user: { id: string; email: string; provider: string };
    };
    expect(body.token).toBeTruthy();
    expect(body.user).toMatchObject({
      email: `${account.address.toLowerCase()}@wallet.invalid`,
      provider: 'wallet',
    });
    // The same refresh-rotated session as a password login, and the attempt cookie is spent.
    const refresh = browser.cookie(server.url, REFRESH_COOKIE);
    expect((await sessionUser(server, refresh!)).user.id).toBe(body.user.id);
    expect(browser.cookie(server.url, 'parley_sso')).toBeUndefined();

    const again = new BrowserSession();
    const second = await verify(again, await signed(account, await challenge(again)));
    expect(((await second.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
  });

  it('refuses a replayed message, with or without the cookie it was made for', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const c = await challenge(browser);
    const cookie = browser.cookie(server.url, 'parley_sso')!;
    const body = await signed(account, c);
    expect((await verify(browser, body)).status).toBe(200);
    await refusal(await verify(browser, body), 400, 'invalid_state');
    // The attempt cookie put back, as an attacker who copied it would.
    browser.setCookie(server.url, 'parley_sso', cookie);
    await refusal(await verify(browser, body), 400, 'invalid_state');
    // Another browser's fresh challenge does not take a message made for the first one.
    const thief = new BrowserSession();
    await challenge(thief);
    await refusal(await verify(thief, body), 400, 'invalid_state');
  });

  it('a nonce answers once, even when the first try failed', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const c = await challenge(browser);
    const cookie = browser.cookie(server.url, 'parley_sso')!;
    await refusal(
      await verify(browser, await signed(account, c, { chainId: 1 })),
      400,
      'wallet_message_invalid',
    );
    browser.setCookie(server.url, 'parley_sso', cookie);
    await refusal(await verify(browser, await signed(account, c)), 400, 'invalid_state');
  });

  it.each([
    ['another domain', { domain: 'evil.example' }],
    ['another URI', { uri: 'https://evil.example/' }],
    ['another chain', { chainId: 1 }],
    ['an expired message', { expirationTime: new Date(Date.now() - 1000) }],
    ['a message issued long ago', { issuedAt: new Date(Date.now() - 3_600_000), expirationTime: undefined }],
    ['a message issued in the future', { issuedAt: new Date(Date.now() + 3_600_000) }],
    ['a message not valid yet', { notBefore: new Date(Date.now() + 3_600_000) }],
  ] as const)('refuses %s', async (_what, change) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const c = await challenge(browser);
    await refusal(await verify(browser, await signed(account, c, change)), 400, 'wallet_message_invalid');
  });

  it('refuses a nonce that is not this browser’s, and a verify without a challenge', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const c = await challenge(browser);
    const forged = await signed(account, c, { nonce: 'a'.repeat(32) });
    await refusal(await verify(browser, forged), 400, 'invalid_state');
    await refusal(await verify(new BrowserSession(), await signed(account, c)), 400, 'invalid_state');
  });

  it('refuses a signature by another key, and one of another message', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const intruder = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const { message } = await signed(owner, await challenge(browser));
    const signature = await intruder.signMessage({ message });
    await refusal(await verify(browser, { message, signature }), 401, 'wallet_signature_invalid');

    const next = new BrowserSession();
    const real = await signed(owner, await challenge(next));
    const tampered = { ...real, signature: await owner.signMessage({ message: `${real.message}\n` }) };
    await refusal(await verify(next, tampered), 401, 'wallet_signature_invalid');
  });

  it('refuses malformed input with a clear 4xx', async () => {
    const browser = new BrowserSession();
    await challenge(browser);
    await refusal(await verify(browser, { message: 'hello' }), 400, 'bad_request');
    await refusal(await verify(browser, { message: 12, signature: '0x00' }), 400, 'bad_request');
    // A message that is no sign-in message spends the challenge like any other try.
    const junk = { message: 'not a sign-in message', signature: `0x${'1'.repeat(130)}` };
    await refusal(await verify(browser, junk), 400, 'wallet_message_invalid');
    await refusal(await verify(browser, junk), 400, 'invalid_state');
    const huge = await verify(browser, { message: 'x'.repeat(100_000), signature: `0x${'1'.repeat(130)}` });
    expect(huge.status).toBe(413);
  });

  it('nobody can pre-register a wallet’s address: registration refuses @wallet.invalid', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const res = await register(server, { email: walletEmail(account.address).toUpperCase() });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(RESERVED_EMAIL_MESSAGE);
    expect(
      await server.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, walletEmail(account.address))),
    ).toEqual([]);
  });

  it('a password account at a wallet’s address made before the reservation is not entered by the wallet', async () => {
    // As registration allowed before: someone else's password account at this wallet's address.
    const account = privateKeyToAccount(generatePrivateKey());
    const email = walletEmail(account.address);
    await server.ctx.db.insert(users).values({
      name: 'Squatter',
      email,
      emailVerified: true,
      passwordHash: await hashPassword('squatter pw'),
    });
    const browser = new BrowserSession();
    const res = await verify(browser, await signed(account, await challenge(browser)));
    await refusal(res, 409, 'account_not_linked');
    expect(browser.cookie(server.url, REFRESH_COOKIE)).toBeUndefined();
    await expectRefusedLink(server, email, 'wallet', account.address.toLowerCase());
  });

  it('creates no account when registration through external sign-in is closed', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new BrowserSession();
    const res = await verify(browser, await signed(account, await challenge(browser, closed)), closed);
    await refusal(res, 403, 'registration_disabled');
    expect(browser.cookie(closed.url, REFRESH_COOKIE)).toBeUndefined();
  });
});
