import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = 'test-results/screenshots';

test('the showcase renders a table, highlighted code and KaTeX, and links open safely', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!);
  await chooseModel(page, 'showcase');
  await send(page, 'Show me everything');
  await waitIdle(page);
  const answer = lastAnswer(page);
  await expect(answer.locator('table')).toBeVisible();
  await expect(answer.locator('th').first()).toBeVisible();
  await expect(answer.locator('.katex').first()).toBeVisible();
  await expect(answer.locator('.katex-display')).toHaveCount(1);
  const code = answer.getByTestId('code-block').first();
  await expect(code.getByTestId('code-lang')).toHaveText('typescript');
  await expect(code.locator('pre')).toHaveAttribute('data-highlighted', 'true');
  expect(await code.locator('.shiki-token').count()).toBeGreaterThan(5);
  // The :::thinking section is a collapsible block, not text.
  await expect(answer.getByTestId('thinking-block')).toHaveCount(1);
  await expect(answer).not.toContainText(':::thinking');

  await code.getByTestId('copy-code').click();
  await expect(code.getByTestId('copy-code')).toContainText('Copied');
  await expect(code.getByTestId('copy-code')).toContainText('Copy code', { timeout: 5_000 });

  await page.screenshot({ path: `${SHOTS}/showcase-light.png`, fullPage: false });
  await page.evaluate(() => localStorage.setItem('color-theme', '"dark"'));
  await page.reload();
  await expect(lastAnswer(page).locator('pre[data-highlighted="true"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/showcase-dark.png`, fullPage: false });
});

test('a message with HTML and a script shows them as text and runs nothing', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.evaluate(() => ((window as unknown as { pwned: boolean }).pwned = false));
  await send(
    page,
    'Hi <img src=x onerror="window.pwned=true"> <script>window.pwned=true</script> [x](javascript:window.pwned=true) [site](https://example.com)',
  );
  await waitIdle(page);
  const answer = lastAnswer(page);
  await expect(answer).toContainText('<script>');
  await expect(answer.locator('img, script')).toHaveCount(0);
  const link = answer.getByRole('link', { name: 'site' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await answer
    .getByText('x', { exact: true })
    .click()
    .catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { pwned: boolean }).pwned)).toBe(false);
});

test('the thinking block collapses and the choice is remembered', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'thinking');
  await send(page, 'Think first');
  await expect(lastAnswer(page).getByTestId('thinking-toggle')).toBeVisible();
  await waitIdle(page);
  const block = lastAnswer(page).getByTestId('thinking-block');
  // How long the model reasoned (the simulator's reasoning takes well under a second).
  await expect(block.getByTestId('thinking-toggle')).toHaveText('Thought for 1 s');
  await expect(block.getByTestId('thinking-content')).toBeVisible();
  await expect(lastAnswer(page)).toContainText('here is your message: Think first');

  await block.getByTestId('thinking-toggle').click();
  await expect(block.getByTestId('thinking-content')).toHaveCount(0);
  await page.reload();
  await expect(lastAnswer(page).getByTestId('thinking-block')).toHaveAttribute('data-state', 'closed');
  // The saved answer keeps its reasoning time.
  await expect(lastAnswer(page).getByTestId('thinking-toggle')).toHaveText('Thought for 1 s');
  await expect(lastAnswer(page).getByTestId('thinking-content')).toHaveCount(0);
  await lastAnswer(page).getByTestId('thinking-toggle').click();
  await expect(lastAnswer(page).getByTestId('thinking-content')).toBeVisible();
});

test('a phone-sized viewport works end to end', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, baseURL!, 'phone');
  await expect(page.getByTestId('mobile-header')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-landing-light.png` });
  await chooseModel(page, 'showcase');
  await send(page, 'Phone showcase');
  await waitIdle(page);
  await expect(lastAnswer(page).locator('table')).toBeVisible();
  await expect(page.getByTestId('mobile-header').getByRole('heading')).toHaveText('Phone showcase');
  await page.screenshot({ path: `${SHOTS}/phone-chat-light.png` });

  // The sidebar lists it; picking it closes the sidebar.
  await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
  const row = page.getByTestId('conversation-row').first();
  await expect(row).toHaveText('Phone showcase');
  expect((await row.boundingBox())?.height).toBe(44);
  await page.screenshot({ path: `${SHOTS}/phone-sidebar-light.png` });
  await row.click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'closed');

  await page.evaluate(() => localStorage.setItem('color-theme', '"dark"'));
  await page.reload();
  await expect(lastAnswer(page).locator('table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-chat-dark.png` });
  await context.close();
});

test('the landing and the Chat settings tab, in light and dark', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, baseURL!);
  await expect(page.getByTestId('greeting')).toHaveText(
    /(Good (morning|afternoon|evening)|Happy (late night|weekend)), Test/,
  );
  await page.screenshot({ path: `${SHOTS}/landing-light.png` });

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Chat' }).click();
  const dialog = page.getByTestId('settings-dialog');
  for (const key of [
    'enterToSend',
    'maximizeChatSpace',
    'centerFormOnLanding',
    'showThinking',
    'showCode',
    'LaTeXParsing',
    'saveDrafts',
    'showScrollButton',
  ]) {
    await expect(dialog.getByTestId(`setting-${key}`)).toBeVisible();
  }
  await dialog.getByTestId('setting-centerFormOnLanding').click();
  expect(await page.evaluate(() => localStorage.getItem('centerFormOnLanding'))).toBe('false');
  await page.screenshot({ path: `${SHOTS}/settings-chat-light.png` });
  await page.keyboard.press('Escape');
  // With the box no longer centred it sits at the bottom of the landing.
  const box = await page.getByTestId('chat-input').boundingBox();
  expect(box!.y).toBeGreaterThan(650);

  await page.evaluate(() => localStorage.setItem('color-theme', '"dark"'));
  await page.evaluate(() => localStorage.setItem('centerFormOnLanding', 'true'));
  await page.reload();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/landing-dark.png` });
  await page.getByTestId('parameters-button').click();
  await expect(page.getByTestId('parameters-panel')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/parameters-dark.png` });
});
