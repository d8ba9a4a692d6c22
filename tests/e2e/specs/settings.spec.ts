import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

test('theme switch in the settings dialog, and Ctrl+Shift+T', async ({ page, baseURL }) => {
  const user = uniqueUser('theme');
  await registerViaApi(baseURL!, user);
  await page.emulateMedia({ colorScheme: 'light' });
  await loginViaUi(page, user);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('theme-select').selectOption('dark');
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('"dark"');

  await dialog.getByTestId('theme-select').selectOption('system');
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  // Wait for the OS change to apply, or the dark class left from the step above would let the
  // shortcut's check pass before the (debounced) toggle has happened.
  await expect(html).not.toHaveClass(/dark/);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Control+Shift+T');
  await expect(html).toHaveClass(/dark/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('color-theme'))).toBe('"dark"');
  await page.reload();
  await expect(html).toHaveClass(/dark/);
});

test('language setting writes the lang cookie and RTL languages flip the direction', async ({
  page,
  baseURL,
  context,
}) => {
  const user = uniqueUser('lang');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByTestId('language-select').selectOption('ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('ar-EG');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.getByTestId('language-select').selectOption('auto');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('delete account says what goes, stays locked until the e-mail matches, then signs out', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = uniqueUser('del');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByTestId('delete-account').click();

  const dialog = page.getByTestId('delete-account-dialog');
  const confirm = dialog.getByTestId('confirm-delete-account');
  const input = dialog.getByRole('textbox');
  await expect(dialog.getByTestId('delete-account-removes')).toContainText(
    'the files and pictures you uploaded (their stored copies too)',
  );
  await page.screenshot({ path: testInfo.outputPath('delete-account-dialog.png') });
  await expect(confirm).toBeDisabled();
  await input.fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  await input.fill(`  ${user.email.toUpperCase()}  `);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await page.waitForURL('**/login');

  // The account is gone.
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test('settings show only switches of built features, and the Data tab revokes every saved key', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = uniqueUser('revoke');
  await registerViaApi(baseURL!, user);
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const keys = (init: RequestInit & { path: string }) =>
    fetch(`${baseURL}${init.path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
  for (const name of ['openAI', 'anthropic'])
    expect(
      (await keys({ path: '/api/keys', method: 'PUT', body: JSON.stringify({ name, value: 'sk-mine' }) })).ok,
    ).toBe(true);

  await loginViaUi(page, user);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  // Each switch shown works: the side panel's, and the three commands (@, + for a second model
  // with multi-conversation on and allowed, / with prompts allowed).
  await expect(dialog.getByText('Auto-scroll', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Hide right-most side panel')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Commands' }).click();
  await expect(dialog.getByText('@ command')).toBeVisible();
  await expect(dialog.getByText('+ command')).toBeVisible();
  await expect(dialog.getByText('/ command')).toBeVisible();

  await dialog.getByRole('tab', { name: 'Data controls' }).click();
  await expect(dialog.getByText('Revoke all user-provided keys')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-data-controls.png') });
  await dialog.getByTestId('revoke-all-keys').click();
  const confirm = page.getByTestId('revoke-all-keys-dialog');
  await expect(confirm).toContainText('Every API key you saved will be deleted');
  await confirm.getByTestId('confirm-revoke-all-keys').click();
  await expect(page.getByText('All keys revoked')).toBeVisible();
  for (const name of ['openAI', 'anthropic'])
    expect(await (await keys({ path: `/api/keys?name=${name}` })).json()).toEqual({ expiresAt: null });
});
