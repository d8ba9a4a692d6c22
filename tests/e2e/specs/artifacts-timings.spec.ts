import type { Page } from '@playwright/test';
import { artifactBlock, echo } from '../support/artifacts.ts';
import { lastAnswer, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The artifacts panel's timings on Playwright's fake clock: each step stops the clock, acts, and
 * moves time forward by hand, so "not yet at n − 1 ms, done at n ms" is exact and no test sleeps.
 *   - a new artifact opens the panel 750 ms after the artifact list settled, which itself takes
 *     25 ms after the last change (775 ms in all);
 *   - a change to the listed artifacts reaches the panel 25 ms later;
 *   - a card opens its artifact 15 ms after the click;
 *   - Refresh spins 750 ms; copy and download show their check 3 s.
 */
const html = (id: string, title: string) =>
  artifactBlock(id, 'text/html', title, 'html', `<h1 id="${id}">${title}</h1>`);

/** Stops the page's clock where it is (time moves only through runFor from here). */
async function stopClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

test('the artifacts panel keeps the spec’s timings (fake clock)', async ({ page, baseURL, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.clock.install();
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!, 'arttime');
  const panel = page.getByTestId('artifacts-panel');
  const title = panel.getByTestId('artifact-title');

  // Branch A: one artifact. Branch B (the question edited): two.
  await echo(page, html('one', 'One'));
  await expect(title).toHaveText('One');
  const question = page.getByTestId('message-user').last();
  await question.hover();
  await question.getByTestId('edit-message').click();
  await page
    .getByTestId('message-editor')
    .getByRole('textbox')
    .fill(`${html('two', 'Two')}\n\n${html('three', 'Three')}`);
  await page.getByTestId('message-editor').getByRole('textbox').press('Control+Enter');
  await waitIdle(page);
  await expect(title).toHaveText('Three');
  await expect(panel.getByTestId('artifact-counter')).toHaveText('2 / 2');
  const siblings = page.getByTestId('message-user').last().getByTestId('sibling-nav');

  // Visibility: the panel closed, branch A then B again — B's artifacts are new arrivals.
  await panel.getByTestId('artifact-close').click();
  await expect(panel).toHaveCount(0);
  await stopClock(page);
  await siblings.getByTestId('sibling-prev').click();
  await expect(lastAnswer(page).getByTestId('artifact-card')).toHaveCount(1);
  await page.clock.runFor(100);
  await siblings.getByTestId('sibling-next').click();
  await expect(lastAnswer(page).getByTestId('artifact-card')).toHaveCount(2);
  // runFor fires the timers due without letting React render in between, so the two debounces
  // are stepped one at a time: the list settles at 25 ms, the panel opens 750 ms after that.
  await page.clock.runFor(25);
  await expect(panel).toHaveCount(0);
  await page.clock.runFor(749);
  await expect(panel).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(title).toHaveText('Three');

  // An update of the listed artifacts: back to branch A, seen 25 ms later.
  await siblings.getByTestId('sibling-prev').click();
  await expect(lastAnswer(page).getByTestId('artifact-card')).toHaveCount(1);
  await page.clock.runFor(24);
  await expect(title).toHaveText('Three');
  await page.clock.runFor(1);
  await expect(title).toHaveText('One');
  await expect(panel.getByTestId('artifact-counter')).toHaveText('1 / 1');

  // A card opens its artifact 15 ms after the click (the closed panel first fades out, 300 ms).
  await panel.getByTestId('artifact-close').click();
  await page.clock.runFor(300);
  await expect(panel).toHaveCount(0);
  await lastAnswer(page).getByTestId('artifact-card').click();
  await page.clock.runFor(14);
  await expect(panel).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(title).toHaveText('One');

  // Refresh spins 750 ms.
  const refreshIcon = panel.getByTestId('artifact-refresh').locator('svg');
  await panel.getByTestId('artifact-refresh').click();
  await expect(refreshIcon).toHaveClass(/animate-spin/);
  await page.clock.runFor(749);
  await expect(refreshIcon).toHaveClass(/animate-spin/);
  await page.clock.runFor(1);
  await expect(refreshIcon).not.toHaveClass(/animate-spin/);

  // Copy and download show their check for 3 s.
  for (const button of ['artifact-copy', 'artifact-download']) {
    const check = panel.getByTestId(button).locator('svg.lucide-check');
    await panel.getByTestId(button).click();
    await expect(check, button).toHaveCount(1);
    if (button === 'artifact-copy') {
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<h1 id="one">');
    }
    await page.clock.runFor(2999);
    await expect(check, button).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(check, button).toHaveCount(0);
  }
});

test('the panel fades in as it opens and out over 300 ms as it closes (fake clock)', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL!, 'artfade');
  const panel = page.getByTestId('artifacts-panel');
  await echo(page, html('fade', 'Fade'));
  await expect(panel).toBeVisible();
  const frame = panel.locator('xpath=..');
  await expect(frame).toHaveAttribute('data-state', 'open');
  expect(await frame.evaluate((el) => getComputedStyle(el).animationName)).toBe('fade-in');

  await stopClock(page);
  await panel.getByTestId('artifact-close').click();
  // Closing: still there, fading and inert, for 300 ms.
  await expect(frame).toHaveAttribute('data-state', 'closing');
  expect(await frame.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
  expect(await frame.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  await page.clock.runFor(299);
  await expect(panel).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(panel).toHaveCount(0);
});
