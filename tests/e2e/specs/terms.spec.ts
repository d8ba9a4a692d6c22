import { expect, test, uniqueUser, registerViaApi } from '../support/fixtures.ts';

test.describe('terms modal', () => {
  test.use({ baseURL: process.env.PARLEY_TERMS_URL });

  test('declining logs out to /login?redirect=false; accepting keeps it closed', async ({
    page,
    baseURL,
  }) => {
    const user = uniqueUser('terms');
    await registerViaApi(baseURL!, user);
    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    const modal = page.getByTestId('terms-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Terms of Service for e2e');
    await expect(modal).toContainText('Second paragraph of the terms.');
    // Not dismissable from outside.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();

    await modal.getByRole('button', { name: 'I do not accept' }).click();
    await page.waitForURL('**/login?redirect=false');

    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'I accept' }).click();
    await expect(modal).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(modal).toHaveCount(0);
  });
});
