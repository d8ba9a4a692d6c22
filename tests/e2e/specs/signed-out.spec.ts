import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** Counts the page's refresh calls and records their statuses. */
function watchRefresh(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/refresh') statuses.push(res.status());
  });
  return statuses;
}

test('a signed-out page load shows the login page (refresh answers 200 without a token)', async ({
  page,
}) => {
  const refreshes = watchRefresh(page);
  await page.goto('/');
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  expect(refreshes[0]).toBe(200);
  // One silent refresh at start-up, no retry loop.
  await page.waitForTimeout(500);
  expect(refreshes.length).toBeLessThanOrEqual(2);
});

test('a page load with a revoked refresh cookie shows the login page (refresh answers 403)', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'refreshToken', value: 'revoked-or-made-up', url: baseURL! }]);
  const refreshes = watchRefresh(page);
  await page.goto('/c/new');
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(refreshes[0]).toBe(403);
  // The refused cookie is cleared.
  expect((await context.cookies()).find((c) => c.name === 'refreshToken')).toBeUndefined();
});

test('a failed startup configuration shows the login-server error on the login page', async ({ page }) => {
  await page.route('**/api/config', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/login');
  await expect(page.getByTestId('login-error')).toContainText(
    'There was an internal server error. Please wait a few moments and try again.',
    { timeout: 20_000 },
  );
  // The form stays usable.
  await expect(page.getByLabel('Email address')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('login-config-error.png') });
});
