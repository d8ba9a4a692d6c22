import type { Page } from '@playwright/test';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../../packages/server/test/helpers/test-oidc-provider.ts';
import { expect, test } from '../support/fixtures.ts';
import { CREATE_OWNER, freePort, startParley, type RunningServer } from '../support/parley-server.ts';

// Parley with OpenID Connect against a real provider (node-oidc-provider) on loopback, plus a
// second Parley that redirects to it automatically.
let idp: TestOidcProvider;
let server: RunningServer;
let autoServer: RunningServer;

test.beforeAll(async () => {
  // Two servers start cold here; on a shared machine that can take minutes.
  test.setTimeout(600_000);
  const [port, autoPort] = [await freePort(), await freePort()];
  idp = await startTestOidcProvider({
    redirectUris: [port, autoPort].map((p) => `http://127.0.0.1:${p}/oauth/openid/callback`),
  });
  idp.account({ sub: 'ada', email: 'ada@idp.example', email_verified: true, name: 'Ada From SSO' });
  const env = (p: number, extra: Record<string, string> = {}) => ({
    DOMAIN_SERVER: `http://127.0.0.1:${p}`,
    OPENID_ISSUER: idp.issuer,
    OPENID_CLIENT_ID: idp.clientId,
    OPENID_CLIENT_SECRET: idp.clientSecret,
    OPENID_BUTTON_LABEL: 'Sign in with Acme SSO',
    ALLOW_SOCIAL_REGISTRATION: 'true',
    ...extra,
  });
  // One after the other: two cold starts at once double each one's time on a busy machine.
  server = await startParley({ port, env: env(port), admin: [CREATE_OWNER] });
  autoServer = await startParley({
    port: autoPort,
    env: env(autoPort, { OPENID_AUTO_REDIRECT: 'true' }),
    admin: [CREATE_OWNER],
  });
});
test.afterAll(async () => {
  await Promise.all([server?.stop(), autoServer?.stop()]);
  await idp?.stop();
});

test('the SSO button signs in through the provider and lands on /c/new', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  const button = page.getByTestId('social-logins').getByRole('link', { name: 'Sign in with Acme SSO' });
  await expect(button).toHaveAttribute('href', `${server.url}/oauth/openid`);
  await page.screenshot({ path: test.info().outputPath('login-with-sso.png'), fullPage: true });

  await button.click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Username').fill('ada');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL(`${server.url}/c/new`);
  await expect(page.getByTestId('account-menu')).toContainText('Ada From SSO');
  // The refresh cookie keeps the session across a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toContainText('Ada From SSO');
  await context.close();
});

test('a refused sign-in lands on the login page with the reason', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // An answer this browser never asked for (no attempt cookie): a forged or replayed callback.
  await page.goto('/oauth/openid/callback?code=stolen&state=forged');
  await page.waitForURL(/\/login\?redirect=false&error=invalid_state$/);
  await expect(page.getByTestId('login-error')).toContainText('could not be matched to this browser');
  await page.screenshot({ path: test.info().outputPath('login-sso-error.png'), fullPage: true });
  await context.close();
});

test('a sign-in whose address a self-registered account holds is refused with the way out', async ({
  browser,
}) => {
  // Registered first with a password (no mail on this server, so the address proves nothing).
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Early Registrant',
      email: 'grace@idp.example',
      password: 'registered first',
      confirm_password: 'registered first',
    }),
  });
  expect(registered.status).toBe(200);
  idp.account({ sub: 'grace', email: 'grace@idp.example', email_verified: true, name: 'Grace From SSO' });

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('social-logins').getByRole('link', { name: 'Sign in with Acme SSO' }).click();
  await page.getByLabel('Username').fill('grace');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\?redirect=false&error=account_not_linked$/);
  const error = page.getByTestId('login-error');
  await expect(error).toContainText('nothing proves it is yours');
  await expect(error).toContainText('then link this sign-in from Settings → Account → Linked sign-ins');
  await page.screenshot({ path: test.info().outputPath('login-sso-not-linked.png'), fullPage: true });
  await context.close();
});

test('the way out: sign in with the password, link from the account page, then the provider enters that account', async ({
  browser,
}) => {
  const email = 'linus@idp.example';
  const password = 'registered with a password';
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Linus Local', email, password, confirm_password: password }),
  });
  expect(registered.status).toBe(200);
  idp.account({ sub: 'linus', email, email_verified: true, name: 'Linus From SSO' });

  const ssoSignIn = async (page: Page) => {
    await page.goto('/login');
    await page.getByTestId('social-logins').getByRole('link', { name: 'Sign in with Acme SSO' }).click();
    await page.getByLabel('Username').fill('linus');
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  // Refused: the address proves nothing on this server without mail.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await ssoSignIn(page);
  await page.waitForURL(/error=account_not_linked$/);

  // The way out the message names: the password, then Settings → Account → Linked sign-ins.
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  const section = page.getByTestId('linked-sign-ins');
  await expect(section.getByTestId('unlinked-sign-in')).toHaveAttribute('data-provider', 'openid');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('linked-sign-ins-before-1440.png') });
  await section.getByRole('button', { name: 'Link OpenID' }).click();

  // The provider still knows this browser from the refused attempt and answers at once; back
  // signed in as the same account, with the link listed on the Account tab.
  await page.waitForURL(`${server.url}/c/new`);
  await expect(page.getByTestId('account-menu')).toContainText('Linus Local');
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog.getByRole('tab', { name: 'Account' })).toHaveAttribute('data-state', 'active');
  const linked = dialog.getByTestId('linked-sign-in');
  await expect(linked).toHaveAttribute('data-provider', 'openid');
  await expect(linked).toContainText(email);
  await linked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('linked-sign-ins-1440.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await linked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('linked-sign-ins-390.png') });
  await context.close();

  // A fresh browser: the provider now signs in to the password account.
  const fresh = await browser.newContext({ baseURL: server.url });
  const again = await fresh.newPage();
  await ssoSignIn(again);
  await again.waitForURL(`${server.url}/c/new`);
  await expect(again.getByTestId('account-menu')).toContainText('Linus Local');
  await fresh.close();
});

test('auto-redirect sends /login straight to the provider, except with redirect=false', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: autoServer.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();

  await page.goto('/login?redirect=false');
  await expect(page.getByRole('link', { name: 'Sign in with Acme SSO' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=false$/);
  await context.close();
});
