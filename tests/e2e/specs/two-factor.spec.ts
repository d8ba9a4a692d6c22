import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, loginViaUi, registerViaApi, test, uniqueUser, type TestUser } from '../support/fixtures.ts';
import { enableTwoFactorViaApi, totpCode } from '../support/two-factor.ts';

async function openAccountTab(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  return page.getByTestId('settings-dialog');
}

async function passwordStep(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/login\/2fa\?tempToken=/);
}

test('sets up two-factor in the Account tab (QR, verify, backup codes download), then signs in with a code', async ({
  page,
  baseURL,
}, testInfo) => {
  // The whole flow, two sign-ins included, in one test: slower than one step on a busy machine.
  test.setTimeout(120_000);
  const user = uniqueUser('tfa');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  const settings = await openAccountTab(page);
  await expect(settings.getByTestId('regenerate-backup-codes')).toHaveCount(0);
  await settings.getByTestId('two-factor-switch').click();

  const dialog = page.getByTestId('two-factor-dialog');
  await dialog.getByRole('button', { name: 'Generate QR code' }).click();
  await expect(dialog.getByTestId('two-factor-qr').locator('svg')).toHaveAttribute('width', '200');
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: testInfo.outputPath('two-factor-qr.png') });
  await dialog.getByRole('button', { name: 'Next' }).click();

  const verify = dialog.getByRole('button', { name: 'Verify' });
  const codeBox = dialog.getByTestId('two-factor-code');
  await codeBox.fill('12345');
  await expect(verify).toBeDisabled();
  await codeBox.fill('000000' === (await totpCode(secret)) ? '111111' : '000000');
  await verify.click();
  await expect(page.getByText('Invalid 2FA code.')).toBeVisible();
  await codeBox.fill(await totpCode(secret));
  await verify.click();

  const codes = dialog.getByTestId('backup-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const shown = await codes.allTextContents();
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByTestId('download-backup-codes').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('backup-codes.txt');
  const file = readFileSync((await download.path())!, 'utf8');
  for (const code of shown) expect(file).toContain(code);
  await page.screenshot({ path: testInfo.outputPath('two-factor-backup-codes.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(settings.getByTestId('two-factor-switch')).toHaveAttribute('data-state', 'checked');
  await expect(settings.getByTestId('regenerate-backup-codes')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('two-factor-account-tab.png') });

  // A fresh browser session: password, then the code.
  await page.context().clearCookies();
  await passwordStep(page, user);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('two-factor-login.png') });
  await page.getByLabel('Authentication code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/c/new');
  await page.reload();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('signs in with a backup code once; a reused one shows the server message', async ({ page, baseURL }) => {
  const user = uniqueUser('tfab');
  await registerViaApi(baseURL!, user);
  const { backupCodes } = await enableTwoFactorViaApi(baseURL!, user);

  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  const box = page.getByLabel('Backup code');
  await box.fill(backupCodes[0]!.slice(0, 7));
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await box.fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/c/new');

  await page.context().clearCookies();
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid backup code.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/2fa/);
});

test('regenerates backup codes and turns two-factor off from the Account tab', async ({ page, baseURL }) => {
  const user = uniqueUser('tfad');
  await registerViaApi(baseURL!, user);
  const { secret, backupCodes } = await enableTwoFactorViaApi(baseURL!, user);
  await passwordStep(page, user);
  await page.getByLabel('Authentication code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/c/new');

  const settings = await openAccountTab(page);
  await settings.getByTestId('regenerate-backup-codes').click();
  const regen = page.getByTestId('backup-codes-dialog');
  await regen.getByTestId('two-factor-code').fill(backupCodes[1]!);
  await regen.getByRole('button', { name: 'Regenerate backup codes' }).click();
  await expect(regen.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  const fresh = await regen.getByTestId('backup-codes').locator('li').allTextContents();
  expect(fresh).not.toContain(backupCodes[2]);
  await regen.getByRole('button', { name: 'Done' }).click();

  await settings.getByTestId('two-factor-switch').click();
  const dialog = page.getByTestId('two-factor-dialog');
  await expect(dialog.getByRole('heading', { name: 'Turn off two-factor authentication' })).toBeVisible();
  await dialog.getByTestId('two-factor-code').fill(backupCodes[2]!); // an old code: replaced
  await dialog.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(page.getByText('Invalid backup code.')).toBeVisible();
  await dialog.getByTestId('two-factor-code').fill(fresh[0]!);
  await dialog.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(settings.getByTestId('two-factor-switch')).toHaveAttribute('data-state', 'unchecked');

  await page.context().clearCookies();
  await loginViaUi(page, user);
});
