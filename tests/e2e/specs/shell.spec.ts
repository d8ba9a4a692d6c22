import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

test('a phone-sized viewport shows the mobile header and the mask closes the sidebar', async ({
  browser,
  baseURL,
}) => {
  const user = uniqueUser('mobile');
  await registerViaApi(baseURL!, user);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginViaUi(page, user);

  const header = page.getByTestId('mobile-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('heading')).toHaveText('New Chat');
  // First load on a phone: the sidebar starts closed and the Quit button is hidden.
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId('quit')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('navVisible'))).toBe('false');

  await header.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'open');
  const mask = page.getByTestId('nav-mask');
  await expect(mask).toBeVisible();
  await expect
    .poll(async () => Math.round((await page.getByTestId('sidebar').boundingBox())?.width ?? 0))
    .toBe(320);

  await mask.click({ position: { x: 370, y: 400 } });
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'closed');
  await expect(mask).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('newUser'))).toBe('false');

  // On a phone the chat's one header has no room for signing out: the sidebar's account menu does it.
  await expect(header.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await header.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await context.close();
});

test('desktop sidebar is 260 px, collapses to 96 px and remembers it', async ({ page, baseURL }) => {
  const user = uniqueUser('desk');
  await registerViaApi(baseURL!, user);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginViaUi(page, user);
  const sidebar = page.getByTestId('sidebar');
  await expect(page.getByTestId('mobile-header')).toHaveCount(0);
  await expect(page.getByTestId('quit')).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(260);
  await page.getByTestId('nav-toggle').click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(96);
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'closed');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(96);
});

test('three tabs opened at once all stay signed in', async ({ browser, baseURL }) => {
  const user = uniqueUser('tabs');
  await registerViaApi(baseURL!, user);
  const context = await browser.newContext({ baseURL });
  const first = await context.newPage();
  await loginViaUi(first, user);

  const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
  await Promise.all(tabs.map((tab) => tab.goto('/c/new')));
  for (const tab of tabs) {
    await expect(tab.getByTestId('account-menu')).toBeVisible();
    await expect(tab).toHaveURL(/\/c\/new$/);
  }
  // And every tab still holds a working session after another round of reloads.
  await Promise.all(tabs.map((tab) => tab.reload()));
  for (const tab of tabs) await expect(tab.getByTestId('account-menu')).toBeVisible();
  await context.close();
});

test('the Quit button logs out', async ({ page, baseURL }) => {
  const user = uniqueUser('quit');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  await page.getByTestId('quit').click();
  await page.waitForURL('**/login');
});

test('an unknown route shows the error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page.getByTestId('error-page')).toContainText('404');
});

test('a sign-in page that fails while rendering shows its own error with Retry, not a blank screen', async ({
  page,
}) => {
  // A startup configuration the login page cannot render (its social sign-ins are not a list).
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...config, socialLoginEnabled: true, socialLogins: 'github' },
    });
  });
  await page.goto('/login');
  // The signed-out app has no router and so no route error page: each page's area catches its own.
  const area = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' });
  await expect(area).toBeVisible();
  await expect(area.getByRole('button', { name: 'Retry' })).toBeVisible();
});
