import { startTestSamlIdp, type TestSamlIdp } from '../../../packages/server/test/helpers/test-saml-idp.ts';
import { expect, test } from '../support/fixtures.ts';
import { CREATE_OWNER, freePort, startParley, type RunningServer } from '../support/parley-server.ts';

// Parley with SAML 2.0 against the test identity provider on loopback, whose page posts its
// signed answer back by itself.
let idp: TestSamlIdp;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  idp = await startTestSamlIdp();
  idp.signIn = {
    nameId: 'grace',
    attributes: { email: 'grace@saml.example', givenName: 'Grace', surname: 'From SAML' },
  };
  server = await startParley({
    port,
    admin: [CREATE_OWNER],
    env: {
      DOMAIN_SERVER: `http://127.0.0.1:${port}`,
      SAML_ENTRY_POINT: idp.entryPoint,
      SAML_ISSUER: 'https://parley.test/saml',
      SAML_CERT: idp.certPath,
      SAML_BUTTON_LABEL: 'Sign in with Acme SAML',
      ALLOW_SOCIAL_REGISTRATION: 'true',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.stop();
});

test('the SAML button signs in through the identity provider and lands on /c/new', async ({ browser }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    await page.goto('/login');
    const button = page.getByTestId('social-logins').getByRole('link', { name: 'Sign in with Acme SAML' });
    await expect(button).toHaveAttribute('href', `${server.url}/oauth/saml`);
    // The password form loads after the configuration; the screenshot shows the whole page.
    await expect(page.getByLabel('Email address')).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`login-with-saml-${viewport.width}.png`),
      fullPage: true,
    });
    await context.close();
  }

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Acme SAML' }).click();
  await page.waitForURL(`${server.url}/c/new`);
  await expect(page.getByTestId('account-menu')).toContainText('Grace From SAML');
  // The refresh cookie keeps the session across a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toContainText('Grace From SAML');
  await context.close();
});

test('a refused SAML answer lands on the login page with the reason', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // Start a real attempt, then post an unsigned answer to it, as a forger would.
  const start = await page.request.get('/oauth/saml', { maxRedirects: 0 });
  const location = new URL(start.headers()['location']!);
  const relayState = location.searchParams.get('RelayState')!;
  await page.request.get(location.href);
  const request = idp.requests.at(-1)!;
  const unsigned = idp.response({ request, person: idp.signIn!, sign: 'none' });
  await page.setContent(
    `<form method="post" action="${server.url}/oauth/saml/callback">` +
      `<input type="hidden" name="SAMLResponse" value="${unsigned}">` +
      `<input type="hidden" name="RelayState" value="${relayState}">` +
      `<button>Send</button></form>`,
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(/\/login\?redirect=false&error=assertion_rejected$/);
  await expect(page.getByTestId('login-error')).toContainText('did not pass the security checks');
  await page.screenshot({ path: test.info().outputPath('login-saml-error.png'), fullPage: true });
  await context.close();
});
