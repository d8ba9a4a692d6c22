import { expect, test } from '../support/fixtures.ts';

test.describe('banner', () => {
  test.use({ baseURL: process.env.PARLEY_TERMS_URL });

  test('shows sanitised on the auth pages and stays hidden once dismissed', async ({ page }) => {
    await page.goto('/login');
    const banner = page.getByTestId('banner');
    await expect(banner).toContainText('Scheduled maintenance on Sunday.');
    await expect(banner.getByRole('link', { name: 'Status page' })).toHaveAttribute(
      'href',
      'https://example.com/status',
    );
    expect(await banner.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __bannerXss?: number }).__bannerXss)).toBeUndefined();

    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // The banner query runs 500 ms after start; give it time, it must stay hidden.
    await page.waitForTimeout(1500);
    await expect(banner).toHaveCount(0);
  });
});
