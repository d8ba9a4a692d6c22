import type { Page, Request } from '@playwright/test';
import { send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIM_WEB_SEARCH, useSimParley } from '../support/sim-parley.ts';

// A server of its own with two chat tools on offer (web search needs a `webSearch` section; the
// simulator stands in for SearXNG) so that pinned badges have an order to change.
const stack = useSimParley({ models: ['echo'], ...SIM_WEB_SEARCH });

const ephemeralAgentOf = (request: Request) =>
  (request.postDataJSON() as { ephemeralAgent: Record<string, unknown> }).ephemeralAgent;

/** The test ids of the badges in a row, in the order they show. */
const badgeOrder = (page: Page, prefix: string) =>
  page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));

/** Drags one editing badge over another with real pointer moves, dropping past its middle. */
async function dragBadge(page: Page, from: string, to: string, side: 'before' | 'after') {
  const a = (await page.getByTestId(from).boundingBox())!;
  const b = (await page.getByTestId(to).boundingBox())!;
  await page.mouse.move(a.x + 12, a.y + a.height / 2);
  await page.mouse.down();
  const x = side === 'before' ? b.x + 4 : b.x + b.width - 4;
  await page.mouse.move(x, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test('pinned badges show in every conversation; the editing bar reorders and removes them', async ({
  browser,
}, testInfo) => {
  const { page } = await openSignedIn(browser, stack.server.url, 'pinbadges');
  await page.getByTestId('model-menu').click();
  await page.getByTestId('model-option-echo').click();

  // Pin two tools from the menu: their badges show, off, in the order pinned.
  await page.getByTestId('tools-menu').click();
  const pinCode = page.getByTestId('tools-menu-pin-execute_code');
  await expect(pinCode).toHaveAttribute('aria-pressed', 'false');
  await pinCode.click();
  await expect(pinCode).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('tools-menu-pin-web_search').click();
  await page.keyboard.press('Escape');
  await expect
    .poll(() => badgeOrder(page, 'pinned-badge-'))
    .toEqual(['pinned-badge-execute_code', 'pinned-badge-web_search']);
  await expect(page.getByTestId('pinned-badge-execute_code')).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: testInfo.outputPath('pinned-badges.png') });

  // A pinned badge is this conversation's switch; the request carries it.
  await page.getByTestId('pinned-badge-execute_code').click();
  await expect(page.getByTestId('pinned-badge-execute_code')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('tool-badge-execute_code')).toHaveCount(0);
  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'Pinned and on');
  expect(ephemeralAgentOf(await sent)).toMatchObject({ execute_code: true, web_search: false });
  await waitIdle(page);

  // A new conversation shows the same pinned badges, off.
  await page.getByTestId('new-chat').first().click();
  await expect(page).toHaveURL(/\/c\/new/);
  await expect(page.getByTestId('pinned-badge-execute_code')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('pinned-badge-web_search')).toBeVisible();

  // Edit mode: a drag reorders; Cancel puts the old order back.
  await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-edit-badges').click();
  await expect(page.getByTestId('badge-editing-bar')).toBeVisible();
  await dragBadge(page, 'editing-badge-web_search', 'editing-badge-execute_code', 'before');
  await expect
    .poll(() => badgeOrder(page, 'editing-badge-'))
    .toEqual(['editing-badge-web_search', 'editing-badge-execute_code']);
  await page.screenshot({ path: testInfo.outputPath('badge-editing-bar.png') });
  await page.getByTestId('badge-editing-cancel').click();
  await expect(page.getByTestId('badge-editing-bar')).toHaveCount(0);
  await expect
    .poll(() => badgeOrder(page, 'pinned-badge-'))
    .toEqual(['pinned-badge-execute_code', 'pinned-badge-web_search']);

  // Drag again and save: the new order survives a reload.
  await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-edit-badges').click();
  await dragBadge(page, 'editing-badge-execute_code', 'editing-badge-web_search', 'after');
  await expect
    .poll(() => badgeOrder(page, 'editing-badge-'))
    .toEqual(['editing-badge-web_search', 'editing-badge-execute_code']);
  await page.getByTestId('badge-editing-save').click();
  await expect
    .poll(() => badgeOrder(page, 'pinned-badge-'))
    .toEqual(['pinned-badge-web_search', 'pinned-badge-execute_code']);
  await page.reload();
  await expect(page.getByTestId('pinned-badge-web_search')).toBeVisible();
  await expect
    .poll(() => badgeOrder(page, 'pinned-badge-'))
    .toEqual(['pinned-badge-web_search', 'pinned-badge-execute_code']);

  // The arrow keys move a badge too; × removes one, and Save unpins it. Escape would cancel.
  await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-edit-badges').click();
  await page.getByTestId('editing-badge-web_search').focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => badgeOrder(page, 'editing-badge-'))
    .toEqual(['editing-badge-execute_code', 'editing-badge-web_search']);
  await page.getByRole('button', { name: 'Remove Run code' }).click();
  await expect(page.getByTestId('editing-badge-execute_code')).toHaveCount(0);
  await page.getByTestId('badge-editing-save').click();
  await expect.poll(() => badgeOrder(page, 'pinned-badge-')).toEqual(['pinned-badge-web_search']);
  await page.getByTestId('tools-menu').click();
  await expect(page.getByTestId('tools-menu-pin-execute_code')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('tools-menu-pin-web_search')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('pinned-after-edit.png') });
});
