import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { openSettings } from '../support/settings-dialog.ts';

test('switching to Arabic lays the app out right to left, survives a reload, and back to English', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = uniqueUser('arabic');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByTestId('language-select').selectOption('ar-EG');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-EG');
  // Arabic for "Language", the row just changed.
  await expect(dialog.getByText('اللغة', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Right to left: the sidebar sits on the right of the conversation.
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  expect(sidebar!.x).toBeGreaterThan(1440 / 2);

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('account-menu').click();
  // Arabic for "Settings".
  await page.getByRole('menuitem', { name: 'الإعدادات' }).click();
  await dialog.getByTestId('language-select').selectOption('en-US');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await expect(dialog.getByText('Language', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  const back = await page.getByTestId('sidebar').boundingBox();
  expect(back!.x).toBeLessThan(1440 / 2);
});

// "5 → 5 tokens" laid out right to left swaps the numbers' sides, and the bidirectional algorithm
// never mirrors the arrow: the right-to-left locales write ← so it points the way the line reads.
test("an answer's token figures in Arabic point the way the line reads", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'arabicfigures');
  // Without balances the figures are hidden unless the account's switch shows them.
  const settings = await openSettings(page);
  await settings.getByRole('tab', { name: 'Account' }).click();
  await settings.getByTestId('answer-figures-switch').click();
  await expect(settings.getByTestId('answer-figures-switch')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await chooseModel(page, 'echo');
  await send(page, 'Figures read right to left');
  await waitIdle(page);
  const figures = page.getByTestId('answer-figures').last();
  await expect(figures).toContainText('→');

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByTestId('settings-dialog').getByTestId('language-select').selectOption('ar-EG');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
  await expect(figures).toContainText('←');
  await expect(figures).not.toContainText('→');
  await figures.screenshot({ path: test.info().outputPath('answer-figures-arabic.png') });
});

test.describe('a signed-out page in German', () => {
  test.use({ locale: 'de-DE' });

  test('follows the browser language and loads German only', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // The German strings came as a file of their own (the signed-out pages' few); Arabic's never did.
    expect(
      requests.filter((url) => url.includes('/locales/de-DE/')).map((url) => new URL(url).pathname),
    ).toEqual([expect.stringMatching(/^\/assets\/locales\/de-DE\/boot\.[0-9a-f]+\.json$/)]);
    expect(requests.some((url) => url.includes('ar-EG'))).toBe(false);
  });
});

test.describe('the agent builder in German', () => {
  test.use({ locale: 'de-DE' });

  test('brings its German strings when it opens', async ({ page, baseURL }) => {
    const user = uniqueUser('builder-de');
    await registerViaApi(baseURL!, user);
    await page.goto('/login');
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByLabel('Passwort').fill(user.password);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL('**/c/new');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
    // German for "New agent", from the builder's own strings file.
    await expect(page.getByTestId('agent-builder')).toContainText('Neuer Agent');
    expect(requests).toContainEqual(
      expect.stringMatching(/^\/assets\/locales\/de-DE\/agent-builder\.[0-9a-f]+\.json$/),
    );
  });
});

test('the lang cookie chooses the language of a signed-out page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'de-DE', url: baseURL! }]);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
});

test.describe('a signed-out page in Arabic', () => {
  test.use({ locale: 'ar-SA' });

  test('a browser in Arabic gets the page right to left', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Arabic for "Continue".
    await expect(page.getByRole('button', { name: 'متابعة' })).toBeVisible();
  });
});
