import type { Page } from '@playwright/test';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { openSettings } from '../support/settings-dialog.ts';

const VIEWS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Saves the page at both sizes, light and dark, for review. */
async function shootAll(page: Page, name: string, target?: () => Promise<void>) {
  for (const view of VIEWS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(view.viewport);
      await page.emulateMedia({ colorScheme });
      await target?.();
      // Let a dialog's entrance and the layout change settle before the picture.
      await page.waitForTimeout(500);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${view.name}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(VIEWS[0].viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('first run', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startParley();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a fresh install sends /login to setup, which makes the administrator and opens the chat', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/login`);
    await page.waitForURL('**/setup');
    const form = page.getByTestId('setup-form');
    await expect(form).toBeVisible();
    await expect(page.getByText('Welcome back')).toHaveCount(0);
    await shootAll(page, 'setup');

    await form.getByLabel('Full name').fill('Ada Admin');
    await form.getByLabel('Email address').fill('ada@home.example.com');
    await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await form.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByTestId('setup-app-title').fill('Home AI');
    // A provider without a key cannot be sent; "None" can.
    await page.getByTestId('setup-provider-kind').selectOption('openAI');
    await expect(form.getByRole('button', { name: 'Create administrator and start' })).toBeDisabled();
    await page.getByTestId('setup-provider-kind').selectOption('');
    await form.getByRole('button', { name: 'Create administrator and start' }).click();
    await page.waitForURL('**/c/new');
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page).toHaveTitle('Home AI');

    // Set up once: a second visit to /setup goes to sign in, and /login stays the sign-in page.
    await page.context().clearCookies();
    await page.goto(`${server.url}/setup`);
    await page.waitForURL('**/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
});

test('the account tab changes name, password and language, and exports everything', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = uniqueUser('account');
  await registerViaApi(baseURL!, user);
  await page.setViewportSize(VIEWS[0].viewport);
  await loginViaUi(page, user);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Account' }).click();
  const profile = dialog.getByTestId('account-profile');
  await expect(profile).toBeVisible();
  await shootAll(page, 'account-tab');

  await profile.getByLabel('Full name').fill('Renamed Person');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await dialog.getByTestId('change-password').click();
  const passwordDialog = page.getByTestId('password-dialog');
  await passwordDialog.getByLabel('Current password').fill('not my password');
  await passwordDialog.getByLabel('New password').fill('a brand new secret');
  await passwordDialog.getByLabel('Confirm password').fill('a brand new secret');
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('password-dialog-error')).toContainText('current password is not correct');
  await shootAll(page, 'password-dialog');
  await passwordDialog.getByLabel('Current password').fill(user.password);
  await passwordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  await expect(passwordDialog).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByTestId('export-all-data').click();
  expect((await download).suggestedFilename()).toMatch(/\.tar\.gz$/);

  // The language chosen here is saved on the account: a new browser opens in it after signing in.
  await dialog.getByRole('tab', { name: 'General' }).click();
  await dialog.getByTestId('language-select').selectOption('de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  const other = await browser.newContext({ locale: 'en-US' });
  const fresh = await other.newPage();
  await fresh.goto(`${baseURL}/login`);
  await fresh.getByLabel('Email address').fill(user.email);
  await fresh.getByLabel('Password').fill('a brand new secret');
  await fresh.getByRole('button', { name: 'Continue' }).click();
  await fresh.waitForURL('**/c/new');
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'de-DE');
  await other.close();
});
