import {
  PEOPLE,
  READER,
  startTestSlapd,
  type TestSlapd,
} from '../../../packages/server/test/helpers/test-slapd.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort, startParley, type RunningServer } from '../support/parley-server.ts';

// Parley's login form against Debian's OpenLDAP server (slapd) on loopback, asking by username.
let slapd: TestSlapd;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  slapd = await startTestSlapd([
    {
      uid: 'ada',
      cn: 'Ada Lovelace',
      sn: 'Lovelace',
      mail: 'ada@parley.test',
      password: 'analytical-engine',
    },
  ]);
  const port = await freePort();
  server = await startParley({
    port,
    env: {
      DOMAIN_SERVER: `http://127.0.0.1:${port}`,
      LDAP_URL: slapd.url,
      LDAP_BIND_DN: READER.dn,
      LDAP_BIND_CREDENTIALS: READER.password,
      LDAP_USER_SEARCH_BASE: PEOPLE,
      LDAP_SEARCH_FILTER: 'uid={{username}}',
      LDAP_LOGIN_USES_USERNAME: 'true',
      ALLOW_SOCIAL_REGISTRATION: 'true',
      // On, so that the page's leaving out the reset link is the directory's doing.
      ALLOW_PASSWORD_RESET: 'true',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await slapd?.stop();
});

test('the login form asks the directory by username and lands on /c/new', async ({ browser }) => {
  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveCount(0);
    // A directory's passwords are changed at the directory: no reset link.
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`login-ldap-${name}.png`), fullPage: true });
    await context.close();
  }

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill('ada');
  await page.getByLabel('Password').fill('not-her-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toContainText('Unable to log in');
  await page.screenshot({ path: test.info().outputPath('login-ldap-wrong-password.png'), fullPage: true });

  await page.getByLabel('Password').fill('analytical-engine');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${server.url}/c/new`);
  await expect(page.getByTestId('account-menu')).toContainText('Ada Lovelace');
  // The refresh cookie keeps the session across a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toContainText('Ada Lovelace');
  await context.close();
});
