import type { Page } from '@playwright/test';
import { expect, registerViaApi, test, uniqueUser, type TestUser } from '../support/fixtures.ts';
import { freePort, startParley, type RunningServer } from '../support/parley-server.ts';
import { enableTwoFactorViaApi } from '../support/two-factor.ts';

// WebAuthn refuses an IP address as the relying party, so this server is opened (and its
// DOMAIN_CLIENT names it) as http://localhost.
let server: RunningServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startParley({ port, env: { DOMAIN_CLIENT: origin, DOMAIN_SERVER: origin } });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Chromium's virtual authenticator: a platform key with user verification, always approving. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signInWithPassword(page: Page, user: TestUser) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
}

async function openAccountTab(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  return page.getByTestId('settings-dialog');
}

async function logOut(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

test('registers passkeys in the Account tab, renames and removes one, signs out and back in with a passkey', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = uniqueUser('passkey');
  await registerViaApi(origin, user);
  const authenticator = await addVirtualAuthenticator(page);
  await signInWithPassword(page, user);

  const settings = await openAccountTab(page);
  const section = settings.getByTestId('passkeys');
  await expect(section).toContainText('Passkeys');
  await expect(section.getByTestId('passkey-item')).toHaveCount(0);
  await section.getByTestId('add-passkey').click();
  await expect(section.getByTestId('passkey-item')).toHaveCount(1);
  await expect(section.getByTestId('passkey-name')).toHaveText('Passkey 1');
  await expect(section).toContainText('never used to sign in');
  expect(await authenticator.credentials()).toHaveLength(1);

  // Renaming: an empty name cannot be saved.
  await section.getByRole('button', { name: 'Rename Passkey 1' }).click();
  const rename = page.getByTestId('rename-passkey-dialog');
  await rename.getByLabel('Name').fill('   ');
  await expect(rename.getByRole('button', { name: 'Save' })).toBeDisabled();
  await rename.getByLabel('Name').fill('Work laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toHaveCount(0);
  await expect(section.getByTestId('passkey-name')).toHaveText('Work laptop');
  await page.screenshot({ path: testInfo.outputPath('passkeys-account-tab.png') });

  // The same authenticator cannot register a second passkey for this account (it is excluded),
  // so the list still holds one after the browser refuses.
  await section.getByTestId('add-passkey').click();
  await expect(page.getByText('This device already holds a passkey for your account.')).toBeVisible();
  await expect(section.getByTestId('passkey-item')).toHaveCount(1);

  await logOut(page);
  await expect(page.getByTestId('passkey-sign-in')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('passkeys-login.png') });
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('account-menu')).toContainText(user.name);
  // The session survives a reload: the refresh cookie was set.
  await page.reload();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('account-menu')).toBeVisible();

  const again = await openAccountTab(page);
  await expect(again.getByTestId('passkeys')).toContainText('last used');
  await again.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByTestId('remove-passkey-dialog');
  await expect(confirm).toContainText('It will no longer sign you in.');
  await confirm.getByTestId('confirm-button').click();
  await expect(again.getByTestId('passkey-item')).toHaveCount(0);

  // The key is still on the device, but Parley no longer knows it.
  await logOut(page);
  await page.getByTestId('passkey-sign-in').click();
  await expect(page.getByTestId('login-error')).toHaveText('This passkey is not registered with Parley.');
  await expect(page).toHaveURL(/\/login$/);
});

test('with two-factor on, a passkey sign-in asks for no code', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const user = uniqueUser('passkey2fa');
  await registerViaApi(origin, user);
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, user);
  const settings = await openAccountTab(page);
  await settings.getByTestId('add-passkey').click();
  await expect(settings.getByTestId('passkey-item')).toHaveCount(1);
  await enableTwoFactorViaApi(origin, user);
  await logOut(page);

  // The password still leads to the code step…
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/login\/2fa\?tempToken=/);

  // …while the passkey signs in at once.
  await page.goto(`${origin}/login`);
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('account-menu')).toContainText(user.name);
  await page.screenshot({ path: testInfo.outputPath('passkeys-signed-in-with-2fa.png') });
});
