import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../../packages/server/test/helpers/test-oidc-provider.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort, startParley, type RunningServer } from '../support/parley-server.ts';

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
  server = await startParley({ port, env: env(port) });
  autoServer = await startParley({ port: autoPort, env: env(autoPort, { OPENID_AUTO_REDIRECT: 'true' }) });
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
  await expect(error).toContainText('ask an administrator to link this sign-in');
  await page.screenshot({ path: test.info().outputPath('login-sso-not-linked.png'), fullPage: true });
  await context.close();
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
