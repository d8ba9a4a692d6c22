import type { Page } from '@playwright/test';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

/** Answers GET /api/config as the server does, with `changes` on top (another server's setup). */
async function withConfig(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, ...changes } });
  });
}

test('with password reset off, /forgot-password says so and sends nobody to wait for an e-mail', async ({
  page,
}) => {
  await withConfig(page, { passwordResetEnabled: false });
  await page.goto('/forgot-password');
  await expect(page.getByTestId('reset-unavailable')).toContainText(
    'Password reset is not available on this server. Please ask an administrator',
  );
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  await expect(page.getByText('an email with password reset instructions has been sent')).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/reset-unavailable.png` });
});

test('the account menu links the help page HELP_AND_FAQ_URL names', async ({ page, baseURL }) => {
  const user = uniqueUser('help');
  await registerViaApi(baseURL!, user);
  await withConfig(page, { helpAndFaqURL: 'https://help.example.org/faq' });
  await loginViaUi(page, user);
  await page.getByTestId('account-menu').click();
  const help = page.getByTestId('help-and-faq');
  await expect(help).toHaveText('Help & FAQ');
  await page.screenshot({ path: `${test.info().outputDir}/help-and-faq.png` });
  const popup = page.waitForEvent('popup');
  await page.context().route('https://help.example.org/**', (route) => route.fulfill({ body: 'help page' }));
  await help.click();
  expect((await popup).url()).toBe('https://help.example.org/faq');
});

test('/health is asked once while signing in and opening the chat', async ({ page, baseURL }) => {
  const user = uniqueUser('health');
  await registerViaApi(baseURL!, user);
  const healthCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/health') healthCalls.push(request.url());
  });
  await loginViaUi(page, user);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  // The signed-out page and the chat each mount the check; it runs after a short startup delay.
  await page.waitForTimeout(1500);
  expect(healthCalls).toHaveLength(1);
});
