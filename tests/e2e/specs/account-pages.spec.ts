import { expect, test } from '../support/fixtures.ts';
import { TERMS_APP_TITLE } from '../support/global-setup.ts';

test('a bad verification link fails, then offers a resend once the countdown ends', async ({ page }) => {
  await page.goto('/verify?email=nobody%40example.com&token=not-a-token');
  const result = page.getByTestId('verify-result');
  await expect(result).toContainText('invalid or has expired');
  await expect(result).toContainText('You can request a new link in');
  const resend = result.getByRole('button', { name: 'Resend verification email' });
  await expect(resend).toBeVisible({ timeout: 6000 });
  await resend.click();
  // A resend restarts the countdown.
  await expect(result).toContainText('You can request a new link in');
});

test('a verification link without token and e-mail fails at once', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByTestId('verify-result')).toContainText('the email address and token are missing');
  await page.waitForTimeout(3500);
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
});

test('external sign-in error page: known codes and generic codes', async ({ page }) => {
  await page.goto('/oauth/error?error=missing_state');
  await expect(page.getByTestId('oauth-error')).toContainText('The state parameter is missing.');
  await page.goto('/oauth/error?error=provider_went_away');
  await expect(page.getByTestId('oauth-error')).toContainText('provider went away');
  await expect(page.getByRole('button', { name: 'Close window' })).toBeVisible();
});

test('external sign-in success page counts down', async ({ page }) => {
  await page.goto('/oauth/success?serverName=Example');
  await expect(page.getByTestId('oauth-success')).toContainText('You are connected to Example.');
  await expect(page.getByTestId('oauth-success')).toContainText('This window closes in');
});

test('two-factor page toggles code kinds and shows a failed verification as an error toast', async ({
  page,
}) => {
  await page.goto('/login/2fa?tempToken=bogus');
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  const code = page.getByLabel('Authentication code');
  await code.fill('12ab34');
  await expect(code).toHaveValue('1234');
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await code.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-severity', 'error');
  await expect(page).toHaveURL(/\/login\/2fa/);

  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await expect(page.getByLabel('Backup code')).toHaveValue('');
  await page.getByLabel('Backup code').fill('abcd1234');
  await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
});

test.describe('with an application title', () => {
  test.use({ baseURL: process.env.PARLEY_TERMS_URL });

  test('the document title comes from the startup configuration', async ({ page }) => {
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe(TERMS_APP_TITLE);
  });
});
